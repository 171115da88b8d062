// The text a PDF shows, for tests: every stream is inflated (FlateDecode) and the strings of its text-showing
// operators (Tj, TJ) are read back, hex or literal, in the standard fonts' WinAnsi encoding. Enough for the PDFs
// pdf-lib writes with its standard fonts; not a general PDF reader.
import { inflateSync } from 'node:zlib';

const WIN_ANSI_EXTRA: Record<number, string> = {
  0x96: '–',
  0x97: '—',
  0x80: '€',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
};

const decodeByte = (b: number) => WIN_ANSI_EXTRA[b] ?? String.fromCharCode(b);

function streams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('stream', from, 'latin1');
    if (start < 0) return out;
    // 'endstream' also contains 'stream': skip it.
    if (pdf.subarray(start - 3, start).toString('latin1') === 'end') {
      from = start + 6;
      continue;
    }
    let body = start + 6;
    if (pdf[body] === 0x0d) body++;
    if (pdf[body] === 0x0a) body++;
    const end = pdf.indexOf('endstream', body, 'latin1');
    if (end < 0) return out;
    const raw = pdf.subarray(body, end);
    try {
      out.push(inflateSync(raw));
    } catch {
      out.push(raw);
    }
    from = end + 9;
  }
}

/** The lines of text the PDF shows, in the order drawn. */
export function pdfTextLines(bytes: Uint8Array): string[] {
  const lines: string[] = [];
  for (const stream of streams(Buffer.from(bytes))) {
    const content = stream.toString('latin1');
    for (const m of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (m[1] !== undefined) {
        const hex = m[1].replace(/\s/g, '');
        let text = '';
        for (let i = 0; i < hex.length; i += 2) text += decodeByte(parseInt(hex.slice(i, i + 2), 16));
        lines.push(text);
      } else if (m[2] !== undefined) {
        lines.push(m[2].replace(/\\(.)/g, '$1').replace(/[\x80-\xff]/g, (c) => decodeByte(c.charCodeAt(0))));
      }
    }
  }
  return lines;
}
