import { useEffect, useState } from 'react';
import { fetchCompanyInfo, type CompanyInfo } from './publicApi';

/** The company details, or undefined while loading and when the call fails (callers then show nothing). */
export const useCompanyInfo = (): CompanyInfo | undefined => {
  const [info, setInfo] = useState<CompanyInfo>();
  useEffect(() => {
    const controller = new AbortController();
    fetchCompanyInfo(controller.signal).then(setInfo, () => setInfo(undefined));
    return () => controller.abort();
  }, []);
  return info;
};
