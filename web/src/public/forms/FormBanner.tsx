import { Alert } from 'antd';
import type { Banner } from './usePublicForm';

export const FormBanner = ({ banner }: { banner: Banner }) =>
  banner ? <Alert className="form-banner" type={banner.type} title={banner.text} showIcon role={banner.type === 'error' ? 'alert' : 'status'} data-testid="form-banner" /> : null;
