import { describe, expect, it } from 'vitest';
import { lazyImportSites, modulesOfRoute, routeModules } from './route-modules.ts';

describe('lazyImportSites', () => {
  it('finds a lazy import bound to a name, and each one in an object of them, with its specifier', () => {
    const code = `
      import { lazyImport } from './lazy-import.ts';
      export const SIGNED_IN_APP = lazyImport(() => import('./SignedInApp.tsx'));
      export const PUBLIC_PAGE_MODULES = {
        home: lazyImport(() => import('./pages/HomePage.tsx')),
        login: lazyImport(() => import('./pages/LoginPage.tsx')),
      } as const;
      const notLazy = () => import('./other.ts');
      const wrapped = { key: somethingElse(() => import('./x.ts')) };
      type Page = keyof typeof PUBLIC_PAGE_MODULES;
    `;
    expect(lazyImportSites(code, 'src/routes.ts')).toEqual([
      { binding: 'SIGNED_IN_APP', specifier: './SignedInApp.tsx' },
      { binding: 'PUBLIC_PAGE_MODULES.home', specifier: './pages/HomePage.tsx' },
      { binding: 'PUBLIC_PAGE_MODULES.login', specifier: './pages/LoginPage.tsx' },
    ]);
  });

  it('reads JSX', () => {
    const code = `const SIGNED_IN_LAYOUT = lazyImport(() => import('./layout/SignedInLayout.tsx'));\nexport const View = () => <div />;`;
    expect(lazyImportSites(code, 'src/SignedInApp.tsx')).toEqual([{ binding: 'SIGNED_IN_LAYOUT', specifier: './layout/SignedInLayout.tsx' }]);
  });
});

describe('modulesOfRoute', () => {
  const lazyImports = {
    SIGNED_IN_APP: 'src/SignedInApp.tsx',
    SIGNED_IN_LAYOUT: 'src/layout/SignedInLayout.tsx',
    'PUBLIC_PAGE_MODULES.login': 'src/pages/LoginPage.tsx',
    'SIGNED_IN_PAGE_MODULES.inbox': 'src/pages/InboxPage.tsx',
    'SIGNED_IN_PAGE_MODULES.day': 'src/days/DayPage.tsx',
    'SIGNED_IN_PAGE_MODULES.classes': 'src/facilitator/ClassesPage.tsx',
  };

  it("gives a public page its module alone, a student page the signed-in routes and its frame, a day its lesson and schema", () => {
    expect(modulesOfRoute({ path: '/login', page: 'login', access: 'public' }, lazyImports)).toEqual(['src/pages/LoginPage.tsx']);
    expect(modulesOfRoute({ path: '/inbox', page: 'inbox', access: 'student' }, lazyImports)).toEqual(['src/SignedInApp.tsx', 'src/pages/InboxPage.tsx', 'src/layout/SignedInLayout.tsx']);
    expect(modulesOfRoute({ path: '/sections/day-6', page: 'day', access: 'day', day: 6 }, lazyImports)).toEqual([
      'src/SignedInApp.tsx',
      'src/days/DayPage.tsx',
      'content/days/day-6.mdx',
      'schemas/day-6.schema.json',
    ]);
    expect(modulesOfRoute({ path: '/facilitator', page: 'classes', access: 'staff' }, lazyImports)).toEqual(['src/SignedInApp.tsx', 'src/facilitator/ClassesPage.tsx']);
  });

  it('names the lazy import a route needs and the app does not declare', () => {
    expect(() => modulesOfRoute({ path: '/workbooks', page: 'workbooks', access: 'student' }, lazyImports)).toThrow(/\/workbooks needs the lazy import SIGNED_IN_PAGE_MODULES\.workbooks/);
  });

  it('leaves out routes with a parameter, which no first visit is linked for', () => {
    const routes = [
      { path: '/login', page: 'login', access: 'public' },
      { path: '/facilitator/classes/:classId', page: 'class', access: 'staff' },
    ] as const;
    expect(Object.keys(routeModules(routes, lazyImports))).toEqual(['/login']);
  });
});
