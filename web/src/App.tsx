import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from './auth/RequireAuth';
import { PublicLayout } from './layout/PublicLayout';
import { pages } from './routing/pages';

/** The router. Keep it a plain list: each area adds its lines here and its pages in its own lazy module. */
export const App = () => (
  <Routes>
    <Route element={<PublicLayout />}>
      <Route index element={<pages.Home />} />
      <Route path="features" element={<pages.Features />} />
      <Route path="about-us" element={<pages.AboutUs />} />
      <Route path="why-us" element={<pages.WhyUs />} />
      <Route path="pricing" element={<pages.Pricing />} />
      <Route path="contact" element={<pages.Contact />} />
      <Route path="demo-request" element={<pages.DemoRequest />} />
      <Route path="terms-and-conditions" element={<pages.Terms />} />
      <Route path="login" element={<pages.Login />} />
      <Route path="pay-invoice/:invoiceId" element={<pages.PayInvoice />} />
      <Route path="*" element={<pages.NotFound />} />
    </Route>
    <Route
      path="/admin/*"
      element={
        <RequireAuth superuser>
          <pages.Admin />
        </RequireAuth>
      }
    />
    <Route
      path="/portal/*"
      element={
        <RequireAuth>
          <pages.Portal />
        </RequireAuth>
      }
    />
  </Routes>
);
