/**
 * A generated camt.053.001.08 statement with as many booked lines as asked, shaped like a real
 * bank's file (about 1.4 KB per line: references, amount details, parties with addresses, agents,
 * remittance): single credits and debits, batches of two transactions, reversals, and pending
 * entries that are not lines. Its expected figures are counted here as it is written, never by the
 * reader, so a test of the reader can compare the two.
 */

export interface Camt053Sample {
  xml: string;
  /** Booked statement lines the reader should return. */
  lines: number;
  /** Pending entries written, which the reader leaves out. */
  pending: number;
  /** Sum of the lines' signed amounts. */
  sumCents: number;
  openingCents: number;
  closingCents: number;
  /** Lines that carry an RF reference. */
  withReference: number;
}

const IBANS = ['DE02120300000000202051', 'AT611904300234573201', 'NL91ABNA0417164300', 'GR1601101250000000012300695'];
const NAMES = ['Müller &amp; Söhne GmbH', 'Παπαδόπουλος Α.Ε.', 'ООО «Ромашка»', 'Jean Dupont'];

const decimal = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const day = (i: number): string => `2025-03-${String(1 + (i % 28)).padStart(2, '0')}`;

/** One transaction of an entry: money in names the debtor, money out the creditor. */
const transaction = (i: number, cents: number, credit: boolean, reference: string | null): string => {
  const party = credit ? 'Dbtr' : 'Cdtr';
  const other = credit ? 'Cdtr' : 'Dbtr';
  return `
          <TxDtls>
            <Refs>
              <PmtInfId>PMT-${i}</PmtInfId>
              <InstrId>INSTR-${i}</InstrId>
              <EndToEndId>${reference === null ? 'NOTPROVIDED' : `E2E-${i}`}</EndToEndId>
            </Refs>
            <Amt Ccy="EUR">${decimal(cents)}</Amt>
            <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
            <AmtDtls><TxAmt><Amt Ccy="EUR">${decimal(cents)}</Amt></TxAmt></AmtDtls>
            <RltdPties>
              <${party}><Pty><Nm>${NAMES[i % NAMES.length]}</Nm><PstlAdr><StrtNm>Hauptstrasse</StrtNm><BldgNb>${i % 200}</BldgNb><TwnNm>Berlin</TwnNm><Ctry>DE</Ctry></PstlAdr></Pty></${party}>
              <${party}Acct><Id><IBAN>${IBANS[i % IBANS.length]}</IBAN></Id></${party}Acct>
              <${other}><Pty><Nm>GRC Consulting GmbH</Nm></Pty></${other}>
              <${other}Acct><Id><IBAN>GR1601101250000000012300695</IBAN></Id></${other}Acct>
            </RltdPties>
            <RltdAgts><${party}Agt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></${party}Agt></RltdAgts>
            <RmtInf>
              <Ustrd>Payment ${i} for services rendered in March 2025</Ustrd>${
                reference === null
                  ? ''
                  : `\n              <Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${reference}</Ref></CdtrRefInf></Strd>`
              }
            </RmtInf>
          </TxDtls>`;
};

const entry = (i: number, cents: number, credit: boolean, body: string, status = 'BOOK'): string => `
      <Ntry>
        <NtryRef>${i}</NtryRef>
        <Amt Ccy="EUR">${decimal(cents)}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts><Cd>${status}</Cd></Sts>
        <BookgDt><Dt>${day(i)}</Dt></BookgDt>
        <ValDt><Dt>${day(i + 1)}</Dt></ValDt>
        <AcctSvcrRef>BANK-${i}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>${body}
      </Ntry>`;

export const camt053Sample = (lines: number): Camt053Sample => {
  const openingCents = 1_000_000_00;
  const parts: string[] = [];
  let written = 0;
  let pending = 0;
  let sumCents = 0;
  let withReference = 0;
  for (let i = 1; written < lines; i += 1) {
    const cents = 100 + ((i * 7919) % 500_000);
    const credit = i % 3 !== 0;
    const reference = i % 4 === 0 ? null : `RF18${String(i).padStart(8, '0')}`;
    if (i % 97 === 0) {
      parts.push(entry(i, cents, credit, '', 'PDNG'));
      pending += 1;
    } else if (i % 31 === 0) {
      // A reversal of an earlier debit: its CdtDbtInd already states the direction.
      parts.push(entry(i, cents, true, '\n        <RvslInd>true</RvslInd>\n        <AddtlNtryInf>Reversal</AddtlNtryInf>'));
      sumCents += cents;
      written += 1;
    } else if (i % 50 === 0 && written + 2 <= lines) {
      const first = Math.floor(cents / 3);
      const batch = `\n        <NtryDtls>\n          <Btch><NbOfTxs>2</NbOfTxs></Btch>${transaction(i, first, credit, reference)}${transaction(i + 1, cents - first, credit, null)}\n        </NtryDtls>`;
      parts.push(entry(i, cents, credit, batch));
      sumCents += credit ? cents : -cents;
      written += 2;
      withReference += reference === null ? 0 : 1;
    } else {
      parts.push(entry(i, cents, credit, `\n        <NtryDtls>${transaction(i, cents, credit, reference)}\n        </NtryDtls>`));
      sumCents += credit ? cents : -cents;
      written += 1;
      withReference += reference === null ? 0 : 1;
    }
  }
  const closingCents = openingCents + sumCents;
  const balance = (code: string, cents: number, date: string): string => `
      <Bal>
        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">${decimal(Math.abs(cents))}</Amt>
        <CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt>
      </Bal>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>SAMPLE-${lines}</MsgId><CreDtTm>2025-04-01T06:00:00+02:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>SAMPLE-2025-03</Id>
      <Acct><Id><IBAN>GR16 0110 1250 0000 0001 2300 695</IBAN></Id><Ccy>EUR</Ccy></Acct>${balance('OPBD', openingCents, '2025-02-28')}${balance('CLBD', closingCents, '2025-03-31')}${parts.join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
  return { xml, lines: written, pending, sumCents, openingCents, closingCents, withReference };
};
