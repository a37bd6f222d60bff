import { SITE_NAME } from '@/config/site';
import { StaffLoginPage } from '@/features/staff';

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
