import type { ReactNode } from 'react';

/** The heading band every marketing page opens with. */
export const PageIntro = ({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) => (
  <section className="page-intro">
    <div className="container">
      <h1>{title}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </div>
  </section>
);
