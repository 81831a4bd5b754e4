import { useEffect, useState } from 'react';
import { useSiteData } from '../ssr/siteData';
import { fetchCompanyInfo, type CompanyInfo } from './publicApi';

/**
 * The company details: from the server on a server-rendered page, else fetched (undefined while
 * loading and when the call fails; callers then show nothing).
 */
export const useCompanyInfo = (): CompanyInfo | undefined => {
  const rendered = useSiteData()?.company;
  const [info, setInfo] = useState<CompanyInfo | undefined>(rendered);
  useEffect(() => {
    if (rendered) return;
    const controller = new AbortController();
    fetchCompanyInfo(controller.signal).then(setInfo, () => setInfo(undefined));
    return () => controller.abort();
  }, [rendered]);
  return info;
};
