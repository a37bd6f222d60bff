import { act, renderHook } from '@testing-library/react';
import { anchorMenuOffset, resetStaffRole, useAnchorMenuOffset, useStaffRole, useStaffRoleStore } from './staffRole';

describe('staff role store (docs/spec.md section 6, anchor offset of docs/spec.md section 9)', () => {
  beforeEach(() => resetStaffRole());

  it('starts as a visitor and takes the check answer', () => {
    const { result } = renderHook(() => useStaffRole());
    expect(result.current).toBeNull();
    act(() => useStaffRoleStore.getState().setCheckedRole('reviewer'));
    expect(result.current).toBe('reviewer');
  });

  it('a login or logout in this tab wins over a late check answer', () => {
    useStaffRoleStore.getState().setSessionRole('admin');
    useStaffRoleStore.getState().setCheckedRole(null);
    expect(useStaffRoleStore.getState().role).toBe('admin');
    useStaffRoleStore.getState().setSessionRole(null);
    useStaffRoleStore.getState().setCheckedRole('admin');
    expect(useStaffRoleStore.getState().role).toBeNull();
  });

  it('the anchor menu sits at 130 px for visitors and 179 px for admins and reviewers', () => {
    expect(anchorMenuOffset(null)).toBe(130);
    expect(anchorMenuOffset('admin')).toBe(179);
    expect(anchorMenuOffset('reviewer')).toBe(179);
    const { result } = renderHook(() => useAnchorMenuOffset());
    expect(result.current).toBe(130);
    act(() => useStaffRoleStore.getState().setCheckedRole('admin'));
    expect(result.current).toBe(179);
  });
});
