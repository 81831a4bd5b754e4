// Writes the company presentation linked from /about-us (a multi-page A4 landscape PDF) from the
// English texts of the website, so the two never disagree. Run: node scripts/generate-presentation.mjs
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const root = path.resolve(import.meta.dirname, '..');
const en = JSON.parse(fs.readFileSync(path.join(root, 'web/public/static/locales/en/translation.json'), 'utf8'));
const out = path.join(root, 'web/public/static/docs/grc-platform-presentation.pdf');
const NAVY = '#0f1f3d';
const BLUE = '#0b57d0';
const MUTED = '#4b5563';

// A fixed creation date keeps the committed file byte-stable across runs.
const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 50, info: { Title: `${en.common.brand} company presentation`, Author: en.common.brand, CreationDate: new Date('2026-01-01T00:00:00Z') } });
fs.mkdirSync(path.dirname(out), { recursive: true });
doc.pipe(fs.createWriteStream(out));
const W = doc.page.width;
const H = doc.page.height;

const shield = (x, y, s) => {
  doc.save().translate(x, y).scale(s / 32);
  doc.path('M16 2 4 6.5v8.2C4 22.3 9.1 28 16 30c6.9-2 12-7.7 12-15.3V6.5L16 2Z').fill(BLUE);
  doc.path('m10.5 16.2 3.8 3.8 7.4-8').lineWidth(2.6).strokeColor('#fff').stroke();
  doc.restore();
};
let pageNo = 1;
const slide = (title, draw) => {
  doc.addPage();
  pageNo += 1;
  doc.rect(0, 0, W, 70).fill(NAVY);
  shield(40, 17, 36);
  doc.fillColor('#fff').font('Helvetica-Bold').fontSize(22).text(title, 90, 26);
  draw();
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(`${en.common.brand}  |  ${pageNo}`, 50, H - 40, { width: W - 100, align: 'right' });
};
const bullets = (items, x, y, width, size = 13) => {
  doc.font('Helvetica').fontSize(size).fillColor(NAVY);
  for (const item of items) {
    doc.circle(x + 4, doc.y === y ? y + 7 : doc.y + 7, 3).fill(BLUE);
    doc.fillColor(NAVY).text(item, x + 16, undefined, { width: width - 16 });
    doc.moveDown(0.5);
  }
};

// 1. Cover
doc.rect(0, 0, W, H).fill(NAVY);
shield(60, 60, 90);
doc.fillColor('#fff').font('Helvetica-Bold').fontSize(40).text(en.common.brand, 60, 190);
doc.font('Helvetica-Bold').fontSize(24).fillColor('#c7d2fe').text(en.home.title, 60, 250, { width: W - 160 });
doc.font('Helvetica').fontSize(14).fillColor('#e5edff').text(en.home.intro, 60, 360, { width: W - 200, lineGap: 4 });

// 2. Story and mission
slide(en.about.title, () => {
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(16).text(en.about.storyTitle, 50, 100);
  doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(`${en.about.story1}\n\n${en.about.story2}`, 50, 125, { width: 420, lineGap: 3 });
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(16).text(en.about.missionTitle, 510, 100);
  doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(en.about.mission, 510, 125, { width: 280, lineGap: 3 });
});

// 3. Expertise
slide(en.about.expertiseTitle, () => {
  const cards = Object.values(en.about.expertise);
  cards.forEach((card, i) => {
    const x = 50 + (i % 3) * 250;
    const y = 100 + Math.floor(i / 3) * 200;
    doc.roundedRect(x, y, 230, 180, 10).fillAndStroke('#f5f7fb', '#e5e7eb');
    doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(15).text(card.title, x + 16, y + 18, { width: 200 });
    doc.fillColor(MUTED).font('Helvetica').fontSize(11.5).text(card.text, x + 16, y + 50, { width: 200, lineGap: 2 });
  });
});

// 4-5. Modules, eight per slide
const modules = Object.values(en.features.items);
for (const [part, list] of [[1, modules.slice(0, 8)], [2, modules.slice(8)]]) {
  slide(`${en.features.title} (${part}/2)`, () => {
    list.forEach((m, i) => {
      const x = 50 + (i % 2) * 380;
      const y = 95 + Math.floor(i / 2) * 112;
      doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(13).text(m.title, x, y, { width: 360 });
      doc.fillColor(MUTED).font('Helvetica').fontSize(10.5).text(m.description, x, y + 18, { width: 360, lineGap: 1.5 });
    });
  });
}

// 6. Why us
slide(en.whyUs.title, () => {
  doc.y = 100;
  bullets(Object.values(en.whyUs.items).map((item) => `${item.title}: ${item.text}`), 50, 100, W - 100, 13);
});

// 7. Pricing
slide(en.pricing.title, () => {
  const p = en.pricing;
  doc.roundedRect(50, 100, 350, 360, 12).lineWidth(2).stroke(BLUE);
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(20).text(p.professional.name, 70, 120);
  doc.fillColor(BLUE).fontSize(26).text('EUR 2.000,00', 70, 155);
  doc.fillColor(MUTED).font('Helvetica').fontSize(12).text(`${p.perMonth}, ${p.or} EUR 20.000,00 ${p.perYear}`, 70, 190);
  doc.y = 225;
  bullets(Object.values(p.professional.features), 70, 225, 310, 12);
  doc.roundedRect(440, 100, 350, 360, 12).lineWidth(1).stroke('#e5e7eb');
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(20).text(p.enterprise.name, 460, 120);
  doc.fillColor(BLUE).fontSize(22).text(p.enterprise.price, 460, 155);
  doc.y = 225;
  bullets(Object.values(p.enterprise.features), 460, 225, 310, 12);
});

// 8. Next steps
slide(en.demo.title, () => {
  doc.fillColor(NAVY).font('Helvetica').fontSize(14).text(en.demo.lead, 50, 110, { width: W - 100 });
  doc.y = 160;
  bullets(Object.values(en.demo.expect), 50, 160, W - 100, 14);
  doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(14).text('/demo-request   |   /contact', 50, 330);
});

doc.end();
console.log(`wrote ${out} (${pageNo} pages)`);
