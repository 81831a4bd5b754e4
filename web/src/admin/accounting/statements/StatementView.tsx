import { Col, Flex, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { statementAmount } from './amounts';
import type { StatementLine, StatementModel, StatementSection } from './model';

const Line = ({ line, strong, ledgerSearch }: { line: StatementLine; strong?: boolean; ledgerSearch: string }) => (
  <Flex justify="space-between" gap={12} className={strong ? 'statement-line statement-total' : 'statement-line'} data-testid={`line-${line.key}`}>
    <span className="statement-label">
      {line.accountId ? <Link to={`/admin/accounting/ledger/${line.accountId}${ledgerSearch}`}>{line.label}</Link> : line.label}
    </span>
    <span className="statement-amounts">
      <span className="admin-amount" data-testid={`amount-${line.key}`}>
        {statementAmount(line.cents)}
      </span>
      {line.compareCents !== undefined && (
        <span className="admin-amount statement-compare" data-testid={`compare-${line.key}`}>
          {statementAmount(line.compareCents)}
        </span>
      )}
    </span>
  </Flex>
);

const Section = ({ section, ledgerSearch }: { section: StatementSection; ledgerSearch: string }) => (
  <section className="statement-section" aria-label={section.title}>
    <Typography.Title level={3} className="statement-heading">
      {section.title}
    </Typography.Title>
    {section.lines.map((l) => (
      <Line key={l.key} line={l} ledgerSearch={ledgerSearch} />
    ))}
    {section.total && <Line line={section.total} strong ledgerSearch={ledgerSearch} />}
  </section>
);

/** Renders a statement model: sections with their lines and totals, then the grand totals. */
export const StatementView = ({ model, ledgerSearch = '' }: { model: StatementModel; ledgerSearch?: string }) => (
  <div className={model.compareHeadings ? 'statement statement-compared' : 'statement'} data-testid="statement">
    {model.compareHeadings && (
      <Flex justify="flex-end" className="statement-line statement-compare-head" aria-hidden>
        <span className="statement-amounts">
          <span className="admin-amount">{model.compareHeadings[0]}</span>
          <span className="admin-amount statement-compare">{model.compareHeadings[1]}</span>
        </span>
      </Flex>
    )}
    <Row gutter={[32, 16]}>
      {model.columns.map((column) => (
        <Col key={column.key} xs={24} lg={model.columns.length > 1 ? 12 : 24}>
          {column.sections.map((s) => (
            <Section key={s.key} section={s} ledgerSearch={ledgerSearch} />
          ))}
          {column.totals.map((total) => (
            <div key={total.key} className="statement-grand">
              <Line line={total} strong ledgerSearch={ledgerSearch} />
            </div>
          ))}
        </Col>
      ))}
    </Row>
    {model.totals.map((total) => (
      <div key={total.key} className="statement-grand">
        <Line line={total} strong ledgerSearch={ledgerSearch} />
      </div>
    ))}
  </div>
);
