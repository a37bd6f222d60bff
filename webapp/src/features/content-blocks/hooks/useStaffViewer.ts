/**
 * Whether the viewer is an admin or reviewer (docs/spec.md section 6), for the anchor
 * menu offset (179 px instead of 130 px, docs/spec.md section 9). The staff feature runs the
 * 500 ms /is-admin, /is-reviewer check and keeps the role in lib/staffRole;
 * ContentBlocksProvider can override it (tests, previews).
 */
import { useStaffRole } from '@/lib/staffRole';
import { useBlockEnvironment } from './blockEnvironment';

export function useStaffViewer(): boolean {
  const { staffViewer } = useBlockEnvironment();
  const role = useStaffRole();
  return staffViewer ?? role !== null;
}
