import { SITE_NAME } from '@/config/site';
import { loadStaffLoginPage } from '@/features/staff';

// The login page is not in the shopper's first load; this route module resolves once it is here.
const { StaffLoginPage } = await loadStaffLoginPage();

/** /staff/login (docs/spec.md section 6): not for search engines. */
export function Component() {
  return (
    <>
      <title>{`Staff login – ${SITE_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <StaffLoginPage />
    </>
  );
}
