/**
 * Whether the viewer is an admin or reviewer (spec section 6: checked 500 ms
 * after load), for the anchor menu offset (179 px instead of 130 px). One
 * check per page load, shared by every caller. A staff banner elsewhere can
 * pass the answer in through ContentBlocksProvider instead.
 */
import { useEffect, useState } from 'react';
import { getStaffRole, type StaffRole } from '../api/staff';
import { useBlockEnvironment } from './blockEnvironment';

export const STAFF_CHECK_DELAY_MS = 500;

let check: Promise<StaffRole | null> | null = null;

function staffCheck(): Promise<StaffRole | null> {
  check ??= new Promise((resolve) => setTimeout(resolve, STAFF_CHECK_DELAY_MS)).then(getStaffRole);
  return check;
}

/** Tests only: forget the cached answer. */
export function resetStaffCheck(): void {
  check = null;
}

export function useStaffViewer(): boolean {
  const { staffViewer } = useBlockEnvironment();
  const [detected, setDetected] = useState(false);
  useEffect(() => {
    if (staffViewer !== undefined) return;
    let live = true;
    staffCheck().then((role) => {
      if (live) setDetected(role !== null);
    });
    return () => {
      live = false;
    };
  }, [staffViewer]);
  return staffViewer ?? detected;
}
