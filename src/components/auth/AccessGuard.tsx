import { CanAccess, Loading } from 'react-admin';
import type { ComponentType, ReactNode } from 'react';
import { AccessDeniedPage } from '../../layout/AccessDeniedPage';

/**
 * Shows the page only to users the auth provider's canAccess lets in, and the access-denied page
 * in its place otherwise: the address stays, whichever route was refused.
 */
export function AccessGuard({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action={action} loading={<Loading />} accessDenied={<AccessDeniedPage />}>
      {children}
    </CanAccess>
  );
}

type ResourceView = 'list' | 'create' | 'edit' | 'show';
const RESOURCE_VIEWS: readonly ResourceView[] = ['list', 'create', 'edit', 'show'];

/**
 * A resource module's views, each behind an AccessGuard for its own action. react-admin's
 * controllers check the same access, but answer a refusal by navigating to /access-denied; behind
 * the guard they only ever see users who are let in. Call it once, outside rendering.
 */
export function guardResourceViews<Views extends Partial<Record<ResourceView, ComponentType>>>(
  resource: string,
  views: Views,
): Views {
  const guarded: Partial<Record<ResourceView, ComponentType>> = {};
  for (const action of RESOURCE_VIEWS) {
    const View = views[action];
    if (!View) continue;
    const GuardedView = () => (
      <AccessGuard resource={resource} action={action}>
        <View />
      </AccessGuard>
    );
    GuardedView.displayName = `Guarded(${resource}.${action})`;
    guarded[action] = GuardedView;
  }
  return { ...views, ...guarded };
}
