import { lazy, Suspense, useState } from 'react';
import { useStaffRole } from '@/lib/staffRole';
import { mayBeStaff } from '../api/staffHint';

const StaffBanner = lazy(async () => ({ default: (await import('./StaffBanner')).StaffBanner }));

/** The banner's live region while it is empty (visitors; staff until the banner's chunk is here). */
const emptyStatus = <div role="status" aria-live="polite" />;

/**
 * Where the staff banner goes (docs/spec.md section 6). Visitors get only the empty live region:
 * the banner, its 500 ms role check and logout are a lazy chunk (docs/targets.md section 4.7),
 * loaded when the `staff_hint` cookie says a staff session may exist or a login in this tab set
 * a role. Once loaded it stays for the life of the page (a logout must finish its navigation).
 */
export function StaffBannerSlot() {
  const role = useStaffRole();
  const [hinted] = useState(() => mayBeStaff());
  const [wanted, setWanted] = useState(hinted);
  if (!wanted && role !== null) setWanted(true);
  if (!wanted) return emptyStatus;
  return (
    <Suspense fallback={emptyStatus}>
      <StaffBanner />
    </Suspense>
  );
}
