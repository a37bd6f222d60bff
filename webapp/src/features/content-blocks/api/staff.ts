import { apiPaths } from '@/config/paths';

export type StaffRole = 'admin' | 'reviewer';

async function succeeds(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    return response.ok;
  } catch {
    return false;
  }
}

/** Spec section 6: GET /is-admin and GET /is-reviewer; success means yes. */
export async function getStaffRole(): Promise<StaffRole | null> {
  const [admin, reviewer] = await Promise.all([succeeds(apiPaths.isAdmin), succeeds(apiPaths.isReviewer)]);
  return admin ? 'admin' : reviewer ? 'reviewer' : null;
}
