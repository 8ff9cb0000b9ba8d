import { Alert, Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Permission } from '../../contract/admin/permissions';
import { useStaffSession } from '../lib/session';

/**
 * Screens of the back office: a spinner while GET /Me answers, the sign-in page (and back here
 * after) without a session, a plain refusal when the member's roles do not allow the screen.
 */
export function RequireStaff({ permission, children }: { permission: Permission; children: React.ReactNode }) {
  const session = useStaffSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <Center py={120}>
        <Loader aria-label="Checking your sign-in" />
      </Center>
    );
  }
  if (session.isError) return <Alert color="red">{session.error.message}</Alert>;
  if (!session.data) return <Navigate to={`/signin?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />;
  if (!session.data.permissions.includes(permission)) {
    return (
      <Alert color="gray.8" title="Not for your role">
        Your role does not allow this page ({permission}).
      </Alert>
    );
  }
  return children;
}

export function withStaff(permission: Permission, Page: ComponentType): ComponentType {
  return function StaffPage() {
    return (
      <RequireStaff permission={permission}>
        <Page />
      </RequireStaff>
    );
  };
}
