// Draws the /features page's illustrative product screens as small SVG mock-ups in one visual
// language (window frame, navy sidebar, white cards). Run: node scripts/generate-feature-screens.mjs
import fs from 'node:fs';
import path from 'node:path';

const OUT = path.resolve(import.meta.dirname, '../web/public/static/features');
export const W = 960;
export const H = 600;
const C = { navy: '#0f1f3d', blue: '#0b57d0', sky: '#3b82f6', ink: '#1f2937', mute: '#6b7280', line: '#e5e7eb', bg: '#f3f6fb', green: '#16a34a', amber: '#f59e0b', red: '#dc2626', teal: '#0d9488', violet: '#7c3aed' };
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const txt = (x, y, s, o = {}) => `<text x="${x}" y="${y}" font-size="${o.size ?? 13}" fill="${o.fill ?? C.ink}"${o.weight ? ` font-weight="${o.weight}"` : ''}${o.anchor ? ` text-anchor="${o.anchor}"` : ''}>${esc(s)}</text>`;
const rect = (x, y, w, h, fill, r = 6, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${extra}/>`;
const pill = (x, y, label, color) => rect(x, y - 13, label.length * 7 + 16, 20, color + '22', 10) + txt(x + 8, y + 1, label, { size: 11, fill: color, weight: 600 });
const card = (x, y, w, h, title) => rect(x, y, w, h, '#fff', 10, ` stroke="${C.line}"`) + (title ? txt(x + 16, y + 26, title, { size: 14, weight: 600 }) : '');

// The shared frame: window bar, sidebar with the module list, page title, content area from x=220, y=110.
const frame = (title, active, body) => {
  const nav = ['Dashboard', 'Risks', 'Audits', 'Continuity', 'Incidents', 'Documents', 'Reports'];
  const items = nav.map((n, i) => (i === active ? rect(14, 96 + i * 40, 172, 32, C.blue, 6) : '') + txt(30, 117 + i * 40, n, { fill: i === active ? '#fff' : '#c7d2fe' })).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif">` +
    rect(0, 0, W, H, C.bg, 14) + rect(0, 0, W, 36, '#e2e8f0', 14) + rect(0, 22, W, 14, '#e2e8f0', 0) +
    ['#f87171', '#fbbf24', '#34d399'].map((c, i) => `<circle cx="${20 + i * 18}" cy="18" r="6" fill="${c}"/>`).join('') +
    rect(300, 10, 360, 16, '#fff', 8) + rect(0, 36, 200, H - 36, C.navy, 0) +
    `<path d="M40 52 28 56.5v8.2c0 7.6 5.1 13.3 12 15.3 6.9-2 12-7.7 12-15.3v-8.2Z" fill="${C.sky}"/>` + txt(62, 72, 'Aegis GRC', { fill: '#fff', weight: 700, size: 15 }) + items +
    txt(220, 80, title, { size: 20, weight: 700 }) + rect(800, 60, 136, 30, C.blue, 6) + txt(868, 80, '+ New', { fill: '#fff', anchor: 'middle', weight: 600 }) +
    body + '</svg>';
};

const table = (x, y, w, cols, rows, title) => {
  const colW = w / cols.length;
  let s = card(x, y, w, 56 + rows.length * 40, title) + rect(x + 1, y + 40, w - 2, 30, '#f8fafc', 0);
  s += cols.map((c, i) => txt(x + 16 + i * colW, y + 60, c, { size: 12, fill: C.mute, weight: 600 })).join('');
  rows.forEach((r, j) => {
    const ry = y + 96 + j * 40;
    s += `<line x1="${x}" x2="${x + w}" y1="${ry - 26}" y2="${ry - 26}" stroke="${C.line}"/>`;
    s += r.map((cell, i) => (Array.isArray(cell) ? pill(x + 16 + i * colW, ry - 4, cell[0], cell[1]) : txt(x + 16 + i * colW, ry, cell))).join('');
  });
  return s;
};
const heatmap = (x, y, size, title) => {
  const cell = (size - 60) / 5;
  const color = (l, i) => { const s = l + i; return s <= 3 ? C.green : s <= 5 ? '#84cc16' : s <= 6 ? C.amber : s <= 7 ? '#f97316' : C.red; };
  let s = card(x, y, size, size + 20, title);
  for (let l = 0; l < 5; l++) for (let i = 0; i < 5; i++) s += rect(x + 40 + i * cell, y + 40 + (4 - l) * cell, cell - 4, cell - 4, color(l, i), 4, ' opacity=".85"');
  [[3, 3, 4], [1, 2, 2], [4, 2, 3], [2, 4, 1], [0, 1, 5]].forEach(([i, l, n]) => (s += `<circle cx="${x + 38 + i * cell + cell / 2}" cy="${y + 38 + (4 - l) * cell + cell / 2}" r="11" fill="#fff"/>` + txt(x + 38 + i * cell + cell / 2, y + 43 + (4 - l) * cell + cell / 2, n, { anchor: 'middle', weight: 700, size: 12 })));
  return s + txt(x + size / 2, y + size + 12, 'Impact →', { size: 11, fill: C.mute, anchor: 'middle' }) + `<text x="${x + 22}" y="${y + size / 2 + 20}" font-size="11" fill="${C.mute}" transform="rotate(-90 ${x + 22} ${y + size / 2 + 20})" text-anchor="middle">Likelihood →</text>`;
};
const bars = (x, y, w, h, values, title, colors = [C.blue]) => {
  let s = card(x, y, w, h, title);
  const bw = (w - 40) / values.length;
  const max = Math.max(...values);
  values.forEach((v, i) => { const bh = ((h - 80) * v) / max; s += rect(x + 24 + i * bw, y + h - 24 - bh, bw - 10, bh, colors[i % colors.length], 4); });
  return s;
};
const line = (x, y, w, h, series, title) => {
  let s = card(x, y, w, h, title);
  for (let g = 0; g < 4; g++) s += `<line x1="${x + 20}" x2="${x + w - 20}" y1="${y + 50 + g * ((h - 70) / 3)}" y2="${y + 50 + g * ((h - 70) / 3)}" stroke="${C.line}"/>`;
  series.forEach(([vals, color]) => {
    const pts = vals.map((v, i) => `${x + 24 + (i * (w - 48)) / (vals.length - 1)},${y + h - 20 - (v / 100) * (h - 80)}`).join(' ');
    s += `<polyline points="${pts}" fill="none" stroke="${color}" stroke-width="3" stroke-linejoin="round"/>`;
  });
  return s;
};
const donut = (x, y, w, h, parts, title) => {
  let s = card(x, y, w, h, title);
  const cx = x + 90, cy = y + h / 2 + 12, r = 54, circ = 2 * Math.PI * r;
  let off = 0;
  const total = parts.reduce((a, p) => a + p[1], 0);
  parts.forEach(([label, v, color], i) => {
    const len = (v / total) * circ;
    s += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="22" stroke-dasharray="${len} ${circ - len}" stroke-dashoffset="${-off}" transform="rotate(-90 ${cx} ${cy})"/>`;
    off += len;
    s += rect(x + 170, y + 56 + i * 28, 12, 12, color, 3) + txt(x + 190, y + 67 + i * 28, `${label} ${v}%`, { size: 12 });
  });
  return s;
};
const gauge = (x, y, label, value, color) => {
  const r = 60, cx = x + 80, cy = y + 110;
  const a = Math.PI * (1 - value / 100);
  return card(x, y, 160, 160) + `<path d="M${cx - r} ${cy}A${r} ${r} 0 0 1 ${cx + r} ${cy}" fill="none" stroke="${C.line}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M${cx - r} ${cy}A${r} ${r} 0 0 1 ${(cx + r * Math.cos(a)).toFixed(1)} ${(cy - r * Math.sin(a)).toFixed(1)}" fill="none" stroke="${color}" stroke-width="14" stroke-linecap="round"/>` +
    txt(cx, cy - 8, `${value}%`, { anchor: 'middle', size: 22, weight: 700 }) + txt(cx, y + 146, label, { anchor: 'middle', size: 12, fill: C.mute });
};
const tiles = (x, y, list) => list.map(([label, value, color], i) => card(x + i * 182, y, 170, 84) + txt(x + i * 182 + 16, y + 30, label, { size: 12, fill: C.mute }) + txt(x + i * 182 + 16, y + 66, value, { size: 26, weight: 700, fill: color })).join('');
const kanban = (x, y, cols) => cols.map(([name, color, cards], i) => {
  const cx = x + i * 182;
  return rect(cx, y, 170, 440, '#e9eef6', 10) + txt(cx + 14, y + 26, name, { weight: 700, size: 13, fill: color }) +
    cards.map((c, j) => card(cx + 10, y + 42 + j * 96, 150, 84) + txt(cx + 22, y + 68 + j * 96, c[0], { size: 12, weight: 600 }) + txt(cx + 22, y + 88 + j * 96, c[1], { size: 11, fill: C.mute }) + rect(cx + 22, y + 100 + j * 96, 60, 6, color + '55', 3)).join('');
}).join('');
const flow = (x, y, steps) => steps.map(([name, state, color], i) => {
  const bx = x + i * 178;
  return card(bx, y, 150, 90) + `<circle cx="${bx + 26}" cy="${y + 30}" r="12" fill="${color}"/>` + txt(bx + 46, y + 35, name, { size: 13, weight: 600 }) + txt(bx + 16, y + 68, state, { size: 12, fill: C.mute }) +
    (i < steps.length - 1 ? `<path d="M${bx + 154} ${y + 45}h20m-7-6 7 6-7 6" fill="none" stroke="${C.mute}" stroke-width="2"/>` : '');
}).join('');
const timeline = (x, y, w, events, title) => card(x, y, w, 60 + events.length * 56, title) + `<line x1="${x + 40}" x2="${x + 40}" y1="${y + 50}" y2="${y + 30 + events.length * 56}" stroke="${C.line}" stroke-width="3"/>` +
  events.map(([time, what, color], i) => `<circle cx="${x + 40}" cy="${y + 64 + i * 56}" r="8" fill="${color}"/>` + txt(x + 62, y + 60 + i * 56, what, { weight: 600 }) + txt(x + 62, y + 78 + i * 56, time, { size: 11, fill: C.mute })).join('');
const face = (x, y, label) => card(x, y, 200, 230) + `<circle cx="${x + 100}" cy="${y + 90}" r="42" fill="#cbd5e1"/><path d="M${x + 40} ${y + 200}c10-44 110-44 120 0" fill="#cbd5e1"/>` + txt(x + 100, y + 222, label, { anchor: 'middle', size: 12, fill: C.mute });

const screens = {
  'risk-heatmap': () => frame('Risk Heat Map', 1, heatmap(220, 110, 360, 'Residual risk (COSO ERM)') + tiles(600, 110, [['Open risks', '128', C.ink]]).replace(/170/g, '340') + donut(600, 214, 340, 220, [['Strategic', 24, C.blue], ['Operational', 38, C.teal], ['Financial', 21, C.amber], ['Compliance', 17, C.violet]], 'By ISO 31000 category') + card(600, 450, 340, 120, 'Treatment progress') + rect(616, 500, 308, 12, C.line, 6) + rect(616, 500, 210, 12, C.green, 6) + txt(616, 540, '68% of actions on track', { size: 12, fill: C.mute })),
  'risk-register': () => frame('Risk Register', 1, table(220, 110, 720, ['ID', 'Risk', 'Category', 'Owner', 'Rating'], [['R-104', 'Supplier failure', 'Operational', 'M. Ioannou', ['High', C.red]], ['R-088', 'FX exposure', 'Financial', 'A. Petrova', ['Medium', C.amber]], ['R-131', 'GDPR breach', 'Compliance', 'S. Georgiou', ['High', C.red]], ['R-072', 'Market entry', 'Strategic', 'J. Smith', ['Low', C.green]], ['R-119', 'Key person loss', 'Operational', 'K. Nikolaou', ['Medium', C.amber]], ['R-140', 'Plant outage', 'Operational', 'D. Ivanov', ['High', C.red]], ['R-065', 'Tax change', 'Financial', 'E. Christou', ['Low', C.green]], ['R-152', 'AI model drift', 'Technology', 'L. Brown', ['Medium', C.amber]]], 'All risks')),
  'it-risk-controls': () => frame('IT Risk · ISO 27001', 1, tiles(220, 110, [['Controls', '93', C.ink], ['Effective', '81%', C.green], ['Gaps', '7', C.red], ['Assets', '412', C.ink]]) + table(220, 214, 720, ['Annex A control', 'Status', 'Owner', 'Test'], [['A.5.15 Access control', ['Effective', C.green], 'IT Security', 'Mar'], ['A.8.7 Malware protection', ['Effective', C.green], 'IT Ops', 'Feb'], ['A.8.13 Backup', ['Partial', C.amber], 'IT Ops', 'Jan'], ['A.5.24 Incident planning', ['Gap', C.red], 'CISO', 'Apr'], ['A.8.24 Cryptography', ['Effective', C.green], 'Architecture', 'Mar'], ['A.6.3 Awareness', ['Partial', C.amber], 'HR', 'May']], 'Statement of applicability')),
  'audit-plan': () => frame('Internal Audit Plan', 2, kanban(220, 110, [['Planned', C.blue, [['Treasury', 'Q3 · 12 days'], ['Procurement', 'Q3 · 8 days'], ['HR payroll', 'Q4 · 6 days']]], ['Fieldwork', C.amber, [['IT general controls', 'Week 2 of 3'], ['Sales cut-off', 'Week 1 of 2']]], ['Reporting', C.violet, [['Inventory count', 'Draft report']]], ['Closed', C.green, [['Fixed assets', '3 findings'], ['Expenses', '1 finding'], ['Cash', 'No findings']]]])),
  'audit-findings': () => frame('Audit Findings', 2, table(220, 110, 720, ['Finding', 'Audit', 'Severity', 'Due', 'Status'], [['Segregation of duties', 'Procurement', ['High', C.red], '30 Jun', ['Open', C.amber]], ['Unreviewed user access', 'ITGC', ['High', C.red], '15 Jul', ['Open', C.amber]], ['Missing approvals', 'Expenses', ['Medium', C.amber], '31 May', ['Closed', C.green]], ['Stale vendor data', 'Procurement', ['Low', C.green], '30 Aug', ['Open', C.amber]], ['Manual journal review', 'Finance', ['Medium', C.amber], '15 Jun', ['Closed', C.green]]], 'Findings and management responses')),
  'bia-table': () => frame('Business Impact Analysis', 3, table(220, 110, 720, ['Process', 'Criticality', 'RTO', 'RPO', 'MTPD'], [['Customer payments', ['Critical', C.red], '4 h', '15 min', '1 day'], ['Order handling', ['High', C.amber], '8 h', '1 h', '2 days'], ['Payroll', ['High', C.amber], '24 h', '4 h', '5 days'], ['Marketing site', ['Low', C.green], '72 h', '24 h', '14 days'], ['Email', ['Medium', C.blue], '12 h', '1 h', '3 days'], ['Warehouse', ['High', C.amber], '24 h', '8 h', '4 days']], 'ISO 22301 impact analysis')),
  'rto-rpo': () => frame('Recovery Objectives', 3, bars(220, 110, 440, 300, [4, 8, 24, 72, 12, 24], 'RTO by process (hours)', [C.red, C.amber, C.amber, C.green, C.blue, C.amber]) + card(680, 110, 260, 300, 'Last exercise') + txt(696, 170, 'Data centre failover', { weight: 600 }) + txt(696, 196, 'Recovered in 3 h 10 min', { size: 12, fill: C.mute }) + pill(696, 236, 'Within RTO', C.green) + txt(696, 286, 'Data loss: 6 min', { size: 12, fill: C.mute }) + pill(696, 326, 'Within RPO', C.green) + timeline(220, 430, 720, [['09:00 · Plan activated', 'Crisis team convened', C.red]], '')),
  'esg-matrix': () => frame('ESG Impacts, Risks & Opportunities', 1, card(220, 110, 420, 460, 'Double materiality') + `<line x1="260" x2="620" y1="540" y2="540" stroke="${C.mute}"/><line x1="260" x2="260" y1="150" y2="540" stroke="${C.mute}"/>` + [[300, 480, C.teal, 'Water use'], [420, 300, C.green, 'Emissions'], [520, 200, C.blue, 'Data privacy'], [360, 380, C.violet, 'Diversity'], [560, 330, C.amber, 'Supply chain'], [460, 440, C.teal, 'Waste']].map(([x, y, c, l]) => `<circle cx="${x}" cy="${y}" r="16" fill="${c}" opacity=".85"/>` + txt(x + 20, y + 5, l, { size: 12 })).join('') + donut(660, 110, 280, 220, [['Environmental', 42, C.green], ['Social', 33, C.blue], ['Governance', 25, C.violet]], 'Topics by pillar') + card(660, 350, 280, 220, 'Opportunities') + txt(676, 410, 'Green financing', { weight: 600 }) + pill(676, 440, 'High value', C.green) + txt(676, 490, 'Energy efficiency', { weight: 600 }) + pill(676, 520, 'Medium value', C.blue)),
  'vendor-scores': () => frame('Third-Party Risk', 1, table(220, 110, 720, ['Vendor', 'Service', 'Tier', 'Score', 'Review'], [['CloudCo', 'Hosting', ['Critical', C.red], '86', 'Jun'], ['PayFast', 'Payments', ['Critical', C.red], '91', 'May'], ['PrintHub', 'Printing', ['Low', C.green], '74', 'Dec'], ['LegalEase', 'Legal', ['Medium', C.amber], '88', 'Sep'], ['DataSafe', 'Backup', ['High', C.amber], '69', 'Jul']], 'Vendor portfolio') + bars(220, 400, 720, 170, [86, 91, 74, 88, 69, 80, 77, 93], 'Scores', [C.blue])),
  'vendor-questionnaire': () => frame('Vendor Due Diligence', 1, card(220, 110, 720, 460, 'Security questionnaire · DataSafe') + ['Do you hold an ISO 27001 certificate?', 'Is customer data encrypted at rest?', 'Do you test backups quarterly?', 'Do you notify incidents within 24 hours?', 'Are sub-processors listed?'].map((q, i) => txt(240, 176 + i * 72, `${i + 1}. ${q}`, { weight: 600 }) + pill(240, 206 + i * 72, i === 2 ? 'No' : 'Yes', i === 2 ? C.red : C.green) + txt(320, 206 + i * 72, i === 2 ? 'Remediation action raised' : 'Evidence attached', { size: 12, fill: C.mute })).join('')),
  'document-library': () => frame('Document Management', 5, table(220, 110, 720, ['Document', 'Version', 'Owner', 'Updated', 'State'], [['Risk Management Policy.pdf', 'v4.2', 'CRO', '12 May', ['Approved', C.green]], ['BCP Data Centre.docx', 'v2.0', 'COO', '03 May', ['In review', C.amber]], ['Vendor Contract PayFast.pdf', 'v1.1', 'Legal', '28 Apr', ['Approved', C.green]], ['Audit Report Q1.pdf', 'v1.0', 'CAE', '15 Apr', ['Final', C.blue]], ['Incident Procedure.docx', 'v3.1', 'CISO', '02 Apr', ['Draft', C.mute]], ['ESG Report 2025.pdf', 'v1.0', 'CFO', '30 Mar', ['Published', C.blue]]], 'Library · 1,284 documents')),
  'user-roles': () => frame('Users & Roles', 0, table(220, 110, 720, ['User', 'Role', 'Portfolios', 'Last login'], [['Maria Ioannou', ['Administrator', C.violet], 'All', 'Today'], ['Alexei Petrov', ['Risk Manager', C.blue], 'Treasury, IT', 'Today'], ['Sofia Georgiou', ['Auditor', C.teal], 'Group audit', 'Yesterday'], ['John Smith', ['Contributor', C.green], 'Sales', '2 days ago'], ['Elena Christou', ['Viewer', C.mute], 'Board', 'Last week']], 'Role-based access')),
  'portfolios': () => frame('Portfolios', 0, [['Group', 'All entities · 412 risks', C.blue], ['Cyprus entity', '128 risks · 3 audits', C.teal], ['Greece entity', '96 risks · 2 audits', C.violet], ['IT department', '74 risks · 93 controls', C.amber], ['Treasury', '31 risks · 1 audit', C.green], ['Board view', 'Read-only summary', C.mute]].map(([n, d, c], i) => card(220 + (i % 3) * 243, 110 + Math.floor(i / 3) * 150, 231, 136) + rect(236 + (i % 3) * 243, 130 + Math.floor(i / 3) * 150, 36, 36, c, 8) + txt(236 + (i % 3) * 243, 196 + Math.floor(i / 3) * 150, n, { weight: 700, size: 15 }) + txt(236 + (i % 3) * 243, 220 + Math.floor(i / 3) * 150, d, { size: 12, fill: C.mute })).join('') + card(220, 420, 720, 150, 'Access inherited by portfolio members') + rect(240, 480, 680, 10, C.line, 5) + rect(240, 480, 520, 10, C.blue, 5)),
  'incident-board': () => frame('Events & Incidents', 4, tiles(220, 110, [['Open', '14', C.red], ['Investigating', '6', C.amber], ['Resolved (30d)', '41', C.green], ['Avg. resolve', '2.4 d', C.ink]]) + table(220, 214, 720, ['Incident', 'Type', 'Severity', 'Reported'], [['Phishing email', 'Security', ['High', C.red], '09:42'], ['Payment delay', 'Operational', ['Medium', C.amber], 'Yesterday'], ['Near miss, warehouse', 'Health & safety', ['Low', C.green], 'Mon'], ['Server outage', 'IT', ['High', C.red], 'Sun'], ['Complaint', 'Conduct', ['Medium', C.amber], 'Fri']], 'Latest events')),
  'incident-timeline': () => frame('Incident INC-2041', 4, timeline(220, 110, 440, [['09:42 · Reported by J. Smith', 'Phishing email received', C.red], ['09:50 · IT Security', 'Mailbox quarantined', C.amber], ['10:15 · CISO', 'Root cause analysis started', C.blue], ['11:30 · HR', 'Awareness reminder sent', C.teal], ['14:00 · CISO', 'Incident closed', C.green]], 'Timeline') + card(680, 110, 260, 340, 'Impact') + txt(696, 170, 'Financial loss', { size: 12, fill: C.mute }) + txt(696, 196, '€ 0', { weight: 700, size: 18 }) + txt(696, 240, 'Linked risk', { size: 12, fill: C.mute }) + pill(696, 266, 'R-131 GDPR breach', C.violet) + txt(696, 310, 'Actions', { size: 12, fill: C.mute }) + txt(696, 336, '2 open · 3 done', { weight: 600 })),
  'action-tracker': () => frame('Actions', 0, table(220, 110, 720, ['Action', 'Source', 'Owner', 'Due', 'Progress'], [['Enforce MFA for admins', 'Audit finding', 'IT Ops', '30 Jun', ['80%', C.blue]], ['Update BCP contacts', 'BCP test', 'COO', '15 Jun', ['Done', C.green]], ['Vendor exit plan', 'TPRM review', 'Procurement', '31 Jul', ['20%', C.amber]], ['Train new hires', 'Incident INC-2041', 'HR', '10 Jun', ['Overdue', C.red]], ['Review FX hedges', 'Risk R-088', 'Treasury', '30 Sep', ['45%', C.blue]]], 'Open actions · 37')),
  'approval-flow': () => frame('Approval Workflow', 0, flow(220, 130, [['Draft', 'Owner · done', C.green], ['Review', 'Risk team · done', C.green], ['Approve', 'CRO · pending', C.amber], ['Publish', 'Automatic', C.line]]) + card(220, 260, 720, 310, 'Risk Management Policy v4.3 · awaiting approval') + txt(240, 330, 'Changes since v4.2', { weight: 600 }) + ['Risk appetite thresholds updated', 'New ESG risk category', 'Annual review date moved to March'].map((c, i) => txt(256, 362 + i * 28, `• ${c}`, { size: 13, fill: C.mute })).join('') + rect(240, 490, 120, 36, C.green, 6) + txt(300, 513, 'Approve', { anchor: 'middle', fill: '#fff', weight: 600 }) + rect(372, 490, 120, 36, '#fff', 6, ` stroke="${C.red}"`) + txt(432, 513, 'Reject', { anchor: 'middle', fill: C.red, weight: 600 })),
  'kri-gauges': () => frame('KRI Monitoring', 6, gauge(220, 110, 'Staff turnover', 34, C.green) + gauge(400, 110, 'System uptime', 99, C.green) + gauge(580, 110, 'Overdue actions', 62, C.amber) + gauge(760, 110, 'Open high risks', 81, C.red) + table(220, 300, 720, ['Indicator', 'Threshold', 'Current', 'Trend'], [['Overdue actions', '< 50%', ['62%', C.amber], '▲'], ['Open high risks', '< 60%', ['81%', C.red], '▲'], ['Staff turnover', '< 40%', ['34%', C.green], '▼'], ['Phishing click rate', '< 5%', ['3%', C.green], '▼']], 'Breaches trigger alerts')),
  'kpi-trends': () => frame('KPI Trends', 6, line(220, 110, 720, 300, [[[20, 35, 30, 48, 55, 62, 70, 74], C.blue], [[60, 55, 58, 50, 44, 40, 36, 30], C.red], [[40, 42, 47, 45, 52, 56, 58, 64], C.green]], 'Quarterly indicators') + tiles(220, 430, [['Audit plan done', '74%', C.blue], ['Risk exposure', '-18%', C.green], ['Incidents', '-12%', C.green], ['Training', '92%', C.ink]])),
  'dashboard-overview': () => frame('Executive Dashboard', 0, tiles(220, 110, [['Risks', '412', C.ink], ['High', '37', C.red], ['Audits', '18', C.blue], ['Incidents', '14', C.amber]]) + heatmap(220, 214, 330, 'Risk profile') + bars(570, 214, 370, 166, [12, 18, 9, 22, 15, 11], 'Incidents by month', [C.blue, C.sky]) + donut(570, 394, 370, 176, [['On track', 68, C.green], ['At risk', 22, C.amber], ['Late', 10, C.red]], 'Actions')),
  'export-options': () => frame('Reports', 6, card(220, 110, 720, 460, 'Board risk report · Q2') + [['PDF', C.red, 'Board pack with charts'], ['Excel', C.green, 'Full data with filters'], ['CSV', C.blue, 'Raw rows for BI tools']].map(([f, c, d], i) => card(244 + i * 232, 170, 212, 170) + rect(264 + i * 232, 190, 52, 64, c, 6) + txt(290 + i * 232, 228, f, { anchor: 'middle', fill: '#fff', weight: 700 }) + txt(264 + i * 232, 286, `Export to ${f}`, { weight: 600 }) + txt(264 + i * 232, 310, d, { size: 12, fill: C.mute })).join('') + txt(244, 390, 'Scheduled delivery', { weight: 600 }) + txt(244, 416, 'Every first Monday · board@company.example', { size: 12, fill: C.mute }) + rect(244, 450, 150, 36, C.blue, 6) + txt(319, 473, 'Generate', { anchor: 'middle', fill: '#fff', weight: 600 })),
  'dashboard-charts': () => frame('Analytics', 6, line(220, 110, 460, 250, [[[30, 45, 40, 60, 58, 72, 80], C.teal], [[50, 48, 52, 46, 44, 40, 38], C.violet]], 'Control effectiveness') + bars(700, 110, 240, 250, [5, 9, 4, 7], 'Findings', [C.red, C.amber, C.blue, C.green]) + table(220, 380, 720, ['Report', 'Format', 'Last run'], [['Risk register', 'Excel', 'Today'], ['Audit status', 'PDF', 'Mon']], 'Recent exports')),
  'claims-list': () => frame('Insurance Claims', 0, tiles(220, 110, [['Open claims', '9', C.amber], ['Claimed', '€ 284k', C.ink], ['Recovered', '€ 196k', C.green], ['Avg. days', '46', C.ink]]) + table(220, 214, 720, ['Claim', 'Policy', 'Amount', 'Incident', 'Status'], [['CL-311 Water damage', 'Property', '€ 42,000', 'INC-1988', ['Settled', C.green]], ['CL-318 Cyber event', 'Cyber', '€ 120,000', 'INC-2033', ['Assessing', C.amber]], ['CL-322 Vehicle', 'Motor', '€ 8,500', 'INC-2040', ['Submitted', C.blue]], ['CL-324 Liability', 'General', '€ 60,000', 'INC-2045', ['Disputed', C.red]], ['CL-326 Equipment', 'Property', '€ 15,200', 'INC-2052', ['Submitted', C.blue]]], 'Claims register')),
  'asset-register': () => frame('Asset Registry', 0, table(220, 110, 720, ['Asset', 'Type', 'Owner', 'Value', 'Criticality'], [['ERP server', 'IT hardware', 'IT Ops', '€ 48,000', ['High', C.red]], ['CRM platform', 'Software', 'Sales', '€ 22,000', ['High', C.red]], ['Office Nicosia', 'Property', 'Facilities', '€ 1.2m', ['Medium', C.amber]], ['Delivery vans (6)', 'Vehicles', 'Logistics', '€ 180,000', ['Medium', C.amber]], ['Customer database', 'Information', 'DPO', '—', ['Critical', C.violet]], ['Laptops (140)', 'IT hardware', 'IT Ops', '€ 154,000', ['Low', C.green]]], 'Assets linked to risks, controls and insurance')),
  'policy-lifecycle': () => frame('Policies & Procedures', 5, flow(220, 120, [['Draft', '3 documents', C.mute], ['Review', '2 documents', C.amber], ['Approved', '41 documents', C.green], ['Attested', '96% of staff', C.blue]]) + table(220, 240, 720, ['Policy', 'Owner', 'Next review', 'Attestation'], [['Code of Conduct', 'HR', 'Jan 2027', ['98%', C.green]], ['Information Security', 'CISO', 'Mar 2027', ['95%', C.green]], ['Anti-Money Laundering', 'Compliance', 'Nov 2026', ['87%', C.amber]], ['Business Continuity', 'COO', 'Feb 2027', ['91%', C.blue]]], 'Review calendar')),
  'identity-verification': () => frame('AI Identity Verification', 0, face(240, 130, 'ID document photo') + face(470, 130, 'Live selfie') + card(700, 130, 240, 230, 'Similarity score') + txt(820, 230, '96.4%', { anchor: 'middle', size: 36, weight: 700, fill: C.green }) + pill(760, 280, 'Match', C.green) + txt(716, 330, 'Threshold 85% · liveness passed', { size: 11, fill: C.mute }) + table(220, 390, 720, ['Check', 'Result', 'Score'], [['Face match', ['Pass', C.green], '96.4'], ['Document authenticity', ['Pass', C.green], '92.0']], 'Verification log')),
  'ai-analysis': () => frame('AI Analysis', 6, card(220, 110, 720, 200, 'Ask about your risk data') + rect(240, 150, 680, 40, C.bg, 8) + txt(256, 176, 'Which operational risks increased most this quarter and why?', { fill: C.mute }) + txt(240, 224, 'Supplier failure (R-104) rose from Medium to High after two late deliveries', { size: 13 }) + txt(240, 248, 'and a negative vendor review. Linked incidents: INC-2040, INC-2045.', { size: 13 }) + pill(240, 286, 'Suggested action: activate vendor exit plan', C.violet) + bars(220, 330, 350, 240, [3, 5, 8, 13], 'Predicted exposure', [C.violet]) + card(590, 330, 350, 240, 'Detected patterns') + ['Late deliveries cluster on Mondays', 'Access reviews slip at quarter end', 'Phishing reports up 30%'].map((p, i) => txt(606, 390 + i * 44, `• ${p}`, { size: 13 })).join('')),
};

fs.mkdirSync(OUT, { recursive: true });
for (const [name, draw] of Object.entries(screens)) fs.writeFileSync(path.join(OUT, `${name}.svg`), draw());
console.log(`wrote ${Object.keys(screens).length} screens to ${OUT}`);
