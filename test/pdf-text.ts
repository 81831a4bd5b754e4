import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it, one string per text object (each `text()` line), in page
 * order: enough for tests to read labels and amounts. It knows what pdfkit emits: Flate streams,
 * Type0 fonts with a ToUnicode map (embedded TrueType, hex glyph strings) and the standard fonts
 * (literal WinAnsi strings); it is no general PDF reader.
 */
export const pdfText = (pdf: Buffer): string[] => {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const m of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const s = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body);
    const dict = s ? body.slice(0, s.index) : body;
    let stream: Buffer | null = null;
    if (s) {
      // The data's own last byte may be a CR that the pattern took for the line end: /Length is exact.
      const length = /\/Length (\d+)\s*[/>]/.exec(dict);
      const data = length ? body.substr(s.index + s[0].indexOf('\n') + 1, Number(length[1])) : s[1]!;
      const raw = Buffer.from(data, 'latin1');
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  const ref = (dict: string, key: string): number | undefined => {
    const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
    return m ? Number(m[1]) : undefined;
  };

  const cmaps = new Map<number, Map<number, string>>();
  const toUnicode = (fontObj: number): Map<number, string> | null => {
    const cmapObj = ref(objects.get(fontObj)?.dict ?? '', 'ToUnicode');
    if (cmapObj === undefined) return null;
    if (!cmaps.has(cmapObj)) {
      const text = objects.get(cmapObj)?.stream?.toString('latin1') ?? '';
      const map = new Map<number, string>();
      // A ligature's glyph maps to several code units, which pdfkit writes spaced: <0066 006c>.
      const unicode = (hex: string) => String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
      for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
        for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
          const [start, end] = [parseInt(r[1]!, 16), parseInt(r[2]!, 16)];
          if (r[3]!.startsWith('[')) [...r[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((u, i) => map.set(start + i, unicode(u[1]!)));
          else for (let c = start, u = parseInt(r[3]!.slice(1, -1), 16); c <= end; c++, u++) map.set(c, String.fromCharCode(u));
        }
      }
      for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
        for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(r[1]!, 16), unicode(r[2]!));
      }
      cmaps.set(cmapObj, map);
    }
    return cmaps.get(cmapObj)!;
  };

  const literal = (s: string) =>
    s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, e: string) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' })[e] ?? (/^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : e));

  const lines: string[] = [];
  const pagesObj = ref(objects.get(ref(source.slice(source.lastIndexOf('trailer')), 'Root') ?? -1)?.dict ?? '', 'Pages');
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(objects.get(pagesObj ?? -1)?.dict ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((k) => Number(k[1]));
  for (const pageObj of kids) {
    const page = objects.get(pageObj)!.dict;
    const resources = objects.get(ref(page, 'Resources') ?? -1)?.dict ?? '';
    const fonts = new Map([...(/\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map((f) => [f[1]!, Number(f[2])]));
    const content = objects.get(ref(page, 'Contents') ?? -1)?.stream?.toString('latin1') ?? '';
    for (const bt of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let map: Map<number, string> | null = null;
      let text = '';
      for (const op of bt[1]!.matchAll(/\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|[\s\d.-])*)\]\s*TJ/g)) {
        if (op[1]) {
          map = toUnicode(fonts.get(op[1]) ?? -1);
          continue;
        }
        for (const piece of op[2]!.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
          if (piece[1] !== undefined && map) text += (piece[1].match(/.{4}/g) ?? []).map((h) => map!.get(parseInt(h, 16)) ?? '').join('');
          else if (piece[1] !== undefined) text += Buffer.from(piece[1], 'hex').toString('latin1');
          else text += literal(piece[2]!);
        }
      }
      if (text) lines.push(text);
    }
  }
  return lines;
};
