// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { paths } from '../domain/paths';
import { TestProviders } from '../i18n/test-providers';
import { ROUTES, type RouteDef } from './routes';

// For the offline cold start: a route's chunk is fetched while the guard still decides, and
// once it is there the view shows at once (React.lazy would suspend again, and React holds a
// Suspense boundary's content back for up to 300 ms after its fallback).
describe('lazily loaded views', () => {
  it('every built view can be preloaded; once loaded it renders without suspending', async () => {
    const tutorial = ROUTES.find((r) => r.path === paths.prescriptionTutorial.path);
    const dashboard = ROUTES.find((r) => r.path === paths.dashboard.path);
    expect(typeof dashboard?.view.preload).toBe('function');
    await tutorial?.view.preload?.();
    const View = tutorial?.view as RouteDef['view'];
    const { container } = render(
      <TestProviders>
        <Suspense fallback={<p>suspended</p>}>
          <View titleId="title.prescriptionTutorial" params={{}} />
        </Suspense>
      </TestProviders>,
    );
    expect(container.textContent).not.toContain('suspended');
    expect(container.querySelector('h1')).not.toBeNull();
  });
});
