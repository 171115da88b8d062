import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;
const SIZE = 10.5;
const LEADING = 15;

/** The text as the standard font can write it: characters outside its set (emoji, other scripts) become '?'. */
function writable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\t/g, '    '), (c) => (set.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** A line broken into lines no wider than `width` at the font's size, at spaces where it can. */
function wrap(font: PDFFont, line: string, width: number, size: number): string[] {
  if (line === '') return [''];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      current = next;
      continue;
    }
    if (current) out.push(current);
    current = word;
    // A single word wider than the line is cut.
    while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
      out.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  out.push(current);
  return out;
}

/**
 * The signed köpekontrakt as a PDF (issue 41): the kept text as it was signed, then the signatures and its SHA-256,
 * so a printout can be checked against what the site keeps.
 */
export async function contractPdf(opts: {
  text: string;
  sha256: string;
  signatures: { seller: string; buyer: string };
  title: string;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setCreator('Bilmarknaden');
  doc.setProducer('Bilmarknaden');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;
  const lines = [
    ...opts.text.split('\n'),
    '',
    `Signerat av säljaren: ${opts.signatures.seller}`,
    `Signerat av köparen: ${opts.signatures.buyer}`,
    `Kontraktets kontrollsumma (SHA-256): ${opts.sha256}`,
  ];
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  lines.forEach((raw, index) => {
    // The title, and the section headings (a line alone between blank lines), in bold.
    const heading = index === 0 || (raw !== '' && lines[index - 1] === '' && !raw.includes(':') && raw.length < 40);
    const f = heading ? bold : font;
    for (const part of wrap(f, writable(f, raw), width, SIZE)) {
      if (y < MARGIN) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN;
      }
      if (part) page.drawText(part, { x: MARGIN, y, size: SIZE, font: f });
      y -= LEADING;
    }
  });
  return doc.save();
}
