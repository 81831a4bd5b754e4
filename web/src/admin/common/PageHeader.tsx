import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's title with its main actions; the actions wrap under the title on narrow screens. */
export const PageHeader = ({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children?: ReactNode }) => (
  <Flex className="admin-page-header" justify="space-between" align="center" wrap gap={12}>
    <Typography.Title level={1} className="admin-page-title">
      {title}
    </Typography.Title>
    {actions && (
      <Flex gap={8} wrap>
        {actions}
      </Flex>
    )}
    {children}
  </Flex>
);

/** The body of an admin screen: padded, full width, scroll-safe at 375 px. */
export const AdminPage = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <section className="admin-page" data-testid={testId}>
    {children}
  </section>
);
