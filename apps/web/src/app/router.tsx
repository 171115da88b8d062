import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import { AppLayout } from './layout/app-layout.tsx';
import { ErrorScreen } from './routes/error-screen.tsx';
import { loadPage } from './load-page.ts';
import CarDetailRoute from './routes/car-detail.tsx';
import HomeRoute from './routes/home.tsx';

// Every screen is its own chunk (code-split by route), except the two that visits start on: home and an ad
// (shared links, search engines). In the entry chunk they render in the first pass with no further round trip
// (the server puts their data into the page: server/src/page-data.ts). The layout is in the entry chunk too.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await loadPage(load)).default }),
});

// The two pages of a password reset are one chunk: one more file in the entry's list of chunks, not four.
const passwordReset = page(() => import('./routes/password-reset.tsx'));

export const routes: RouteObject[] = [
  {
    path: PAGE_PATHS.home,
    element: <AppLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        // A failing page keeps the header and menus: its error screen renders in the layout's outlet.
        errorElement: <ErrorScreen />,
        children: [
          { index: true, Component: HomeRoute },
          { path: PAGE_PATHS.car, Component: CarDetailRoute },
          { path: PAGE_PATHS.search, ...page(() => import('./routes/search.tsx')) },
          { path: PAGE_PATHS.searchTerm, ...page(() => import('./routes/search.tsx')) },
          { path: PAGE_PATHS.userAds, ...page(() => import('./routes/user-ads.tsx')) },
          { path: PAGE_PATHS.browseCars, ...page(() => import('./routes/browse.tsx')) },
          { path: PAGE_PATHS.savedCars, ...page(() => import('./routes/saved.tsx')) },
          { path: PAGE_PATHS.newCar, ...page(() => import('./routes/new-car.tsx')) },
          { path: PAGE_PATHS.editCar, ...page(() => import('./routes/edit-car.tsx')) },
          { path: PAGE_PATHS.profile, ...page(() => import('./routes/profile.tsx')) },
          { path: PAGE_PATHS.signup, ...page(() => import('./routes/signup.tsx')) },
          { path: PAGE_PATHS.forgotPassword, ...passwordReset },
          { path: PAGE_PATHS.resetPassword, ...passwordReset },
          { path: PAGE_PATHS.settings, ...page(() => import('./routes/settings.tsx')) },
          { path: PAGE_PATHS.feedback, ...page(() => import('./routes/feedback.tsx')) },
          { path: PAGE_PATHS.newPart, ...page(() => import('./routes/new-part.tsx')) },
          { path: PAGE_PATHS.controlPanel, ...page(() => import('./routes/control-panel.tsx')) },
          { path: PAGE_PATHS.notFound, ...page(() => import('./routes/not-found.tsx')) },
          // Any other path: the server answers it with status 404 too (server/src/web-routes.ts).
          { path: '*', ...page(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, made on first use (the first render) rather than as the module loads: setting it up reads
 * session storage and the history, work that would otherwise lengthen the one long task of evaluating the bundle.
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routes);
  return router;
}
