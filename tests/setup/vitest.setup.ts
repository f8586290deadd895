import { afterEach } from 'vitest';

// Component tests opt into happy-dom with a `// @vitest-environment happy-dom` header;
// they clean the rendered tree after each test.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
