import { Body, Button, Column, Container, Head, Heading, Hr, Html, Preview, Row, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';

/** The sender as every mail shows it: the company settings' name and details. */
export interface MailCompany {
  name: string;
  address?: string;
  phone?: string;
  email?: string;
  vatNumber?: string;
  registrationNumber?: string;
  /** Labels of the footer's details, in the mail's language. */
  labels: { vatNumber: string; registration: string };
}

/**
 * One mail's words, from which both its HTML and its plain-text part are made: the two always say
 * the same thing, and no template repeats the layout.
 */
export interface MailContent {
  language: 'en' | 'el' | 'ru';
  /** The line a mail client shows beside the subject. */
  preview: string;
  /** A heading such as "Invoice 2026-000012"; optional. */
  title?: string;
  greeting: string;
  paragraphs: string[];
  /** Label and value rows (amount, due date, username...). */
  details?: [string, string][];
  /** The one button: Pay now, Log in. */
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  after?: string[];
  closing: string;
  company: MailCompany;
}

const BRAND = '#1d4ed8';
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const styles = {
  body: { backgroundColor: '#f3f4f6', fontFamily: font, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 600, margin: '0 auto', padding: '0 0 8px' },
  header: { backgroundColor: BRAND, borderRadius: '8px 8px 0 0', padding: '20px 32px' },
  brand: { color: '#ffffff', fontSize: 20, fontWeight: 700, margin: 0 },
  content: { padding: '8px 32px' },
  title: { color: '#111827', fontSize: 22, margin: '16px 0 8px' },
  text: { color: '#1f2937', fontSize: 15, lineHeight: '24px', margin: '12px 0' },
  details: { margin: '8px 0' },
  // Each row is its own table: a fixed label width keeps the values in one column.
  detailLabel: { color: '#6b7280', fontSize: 14, padding: '4px 16px 4px 0', verticalAlign: 'top' as const, width: '40%' },
  detailValue: { color: '#111827', fontSize: 14, fontWeight: 600, padding: '4px 0', verticalAlign: 'top' as const, wordBreak: 'break-word' as const },
  button: { backgroundColor: BRAND, borderRadius: 6, color: '#ffffff', display: 'inline-block', fontSize: 16, fontWeight: 600, padding: '12px 28px', textDecoration: 'none' },
  fallback: { color: '#6b7280', fontSize: 13, lineHeight: '20px', margin: '8px 0', wordBreak: 'break-all' as const },
  hr: { borderColor: '#e5e7eb', margin: '16px 0' },
  footerSection: { padding: '0 32px 8px' },
  footer: { color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: '2px 0' },
};

/** The company's details, one line each, as the footer prints them. */
export const footerLines = (company: MailCompany): string[] =>
  [
    company.address,
    [company.phone, company.email].filter(Boolean).join(' · '),
    company.vatNumber ? `${company.labels.vatNumber}: ${company.vatNumber}` : '',
    company.registrationNumber ? `${company.labels.registration}: ${company.registrationNumber}` : '',
  ].filter((line): line is string => Boolean(line && line.trim()));

export const BrandedMail = ({ content, subject }: { content: MailContent; subject: string }) => (
  <Html lang={content.language}>
    <Head>
      {/* A phone lays the mail out at its own width (iOS Mail, webmail in a phone browser). */}
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{subject}</title>
    </Head>
    <Preview>{content.preview}</Preview>
    <Body style={styles.body}>
      <Container style={styles.container}>
        <Section style={styles.header}>
          <Text style={styles.brand}>{content.company.name}</Text>
        </Section>
        <Section style={styles.content}>
          {content.title && <Heading as="h1" style={styles.title}>{content.title}</Heading>}
          <Text style={styles.text}>{content.greeting}</Text>
          {content.paragraphs.map((p, i) => (
            <Text key={i} style={styles.text}>{p}</Text>
          ))}
          {content.details && content.details.length > 0 && (
            <Section style={styles.details}>
              {content.details.map(([label, value]) => (
                <Row key={label}>
                  <Column style={styles.detailLabel}>{label}</Column>
                  <Column style={styles.detailValue}>{value}</Column>
                </Row>
              ))}
            </Section>
          )}
          {content.action && (
            <Section style={{ margin: '20px 0 8px' }}>
              <Button href={content.action.url} style={styles.button}>{content.action.label}</Button>
              <Text style={styles.fallback}>{content.action.url}</Text>
            </Section>
          )}
          {(content.after ?? []).map((p, i) => (
            <Text key={`after-${i}`} style={styles.text}>{p}</Text>
          ))}
          <Text style={styles.text}>
            {content.closing}
            <br />
            {content.company.name}
          </Text>
        </Section>
        <Section style={styles.footerSection}>
          <Hr style={styles.hr} />
          <Text style={{ ...styles.footer, fontWeight: 600 }}>{content.company.name}</Text>
          {footerLines(content.company).map((line) => (
            <Text key={line} style={styles.footer}>{line}</Text>
          ))}
        </Section>
      </Container>
    </Body>
  </Html>
);

/** The plain-text alternative: the same words in reading order, the button as its address. */
export const plainText = (c: MailContent): string => {
  const blocks: string[] = [];
  if (c.title) blocks.push(c.title);
  blocks.push(c.greeting, ...c.paragraphs);
  if (c.details && c.details.length > 0) blocks.push(c.details.map(([label, value]) => `${label}: ${value}`).join('\n'));
  if (c.action) blocks.push(`${c.action.label}:\n${c.action.url}`);
  blocks.push(...(c.after ?? []));
  blocks.push(`${c.closing}\n${c.company.name}`);
  const footer = footerLines(c.company);
  return `${blocks.join('\n\n')}\n${footer.length > 0 ? `\n--\n${footer.join('\n')}\n` : ''}`;
};

/** The HTML part (titled with the subject, as a browser or a screen reader shows it) and the text part. */
export const renderMail = async (content: MailContent, subject: string): Promise<{ html: string; text: string }> => ({
  html: await render(<BrandedMail content={content} subject={subject} />),
  text: plainText(content),
});
