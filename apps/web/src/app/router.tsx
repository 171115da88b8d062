import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import { AppLayout } from './layout/app-layout.tsx';
import { ErrorScreen } from './routes/error-screen.tsx';
import { loadPage } from '../lib/load-page.ts';
import { CarDetailRoute } from './routes/car-detail.tsx';
import { HomeRoute } from './routes/home.tsx';

// Every screen is its own chunk, except home and an ad, where visits start: in the entry chunk they render in the
// first pass with the data the server put into the page (server/src/page-data.ts).
const page = <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: pick(await loadPage(load)) }),
});
// A screen that composes features (app/routes/).
const route = (load: () => Promise<{ default: React.ComponentType }>) => page(load, (m) => m.default);

// The two pages of a password reset share one chunk: fewer files in the entry's list of chunks.
const passwordReset = route(() => import('./routes/password-reset.tsx'));

// With 'Bevaka sökning' for the term.
const searchPage = route(() => import('./routes/search.tsx'));
// With 'Anmäl användare'.
const userAdsPage = route(() => import('./routes/user-ads.tsx'));
// With the user's kommun, which prefills the distance filter.
const browsePage = route(() => import('./routes/browse.tsx'));
const savedPage = page(
  () => import('../features/saved/components/saved-page.tsx'),
  (m) => m.SavedPage,
);
// With the seller's registered city, which prefills the ad's place.
const newAdPage = route(() => import('./routes/new-ad.tsx'));
const editAdPage = page(
  () => import('../features/new-ad/components/edit-ad-page.tsx'),
  (m) => m.EditAdPage,
);
const profilePage = page(
  () => import('../features/profile/components/profile-page.tsx'),
  (m) => m.ProfilePage,
);
const signupPage = page(
  () => import('../features/auth/components/signup-page.tsx'),
  (m) => m.SignupPage,
);
// With the logged-in user's name and email filled in.
const feedbackPage = route(() => import('./routes/feedback.tsx'));
const newPartPage = page(
  () => import('../features/new-part/components/new-part-page.tsx'),
  (m) => m.NewPartPage,
);
const inboxPage = page(
  () => import('../features/messages/components/inbox-page.tsx'),
  (m) => m.InboxPage,
);
const conversationPage = page(
  () => import('../features/messages/components/conversation-page.tsx'),
  (m) => m.ConversationPage,
);
const priceMethodPage = page(
  () => import('../features/price-method/components/price-method-page.tsx'),
  (m) => m.PriceMethodPage,
);
const safetyPage = page(
  () => import('../features/safety/components/safety-page.tsx'),
  (m) => m.SafetyPage,
);
const watchesPage = page(
  () => import('../features/watches/components/watches-page.tsx'),
  (m) => m.WatchesPage,
);
const watchPage = page(
  () => import('../features/watches/components/watch-page.tsx'),
  (m) => m.WatchPage,
);
const unsubscribePage = page(
  () => import('../features/watches/components/unsubscribe-page.tsx'),
  (m) => m.UnsubscribePage,
);
const myAdsPage = page(
  () => import('../features/my-ads/components/my-ads-page.tsx'),
  (m) => m.MyAdsPage,
);
const adAnswerPage = page(
  () => import('../features/my-ads/components/ad-answer-page.tsx'),
  (m) => m.AdAnswerPage,
);
const reportsPage = page(
  () => import('../features/reports/components/reports-page.tsx'),
  (m) => m.ReportsPage,
);
const comparePage = page(
  () => import('../features/compare/components/compare-page.tsx'),
  (m) => m.ComparePage,
);
const dealerApplyPage = page(
  () => import('../features/dealers/components/apply-page.tsx'),
  (m) => m.ApplyPage,
);
const ownDealerPage = page(
  () => import('../features/dealers/components/own-dealer-page.tsx'),
  (m) => m.OwnDealerPage,
);
const dealerInvitePage = page(
  () => import('../features/dealers/components/invite-page.tsx'),
  (m) => m.InvitePage,
);
const dealerImportPage = page(
  () => import('../features/dealer-import/components/dealer-import-page.tsx'),
  (m) => m.DealerImportPage,
);
const notFoundPage = page(
  () => import('../features/not-found/components/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);

/** A page of ads: the layout offers 'Hoppa till annonserna'. */
const adList = { adList: true };

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
          { index: true, Component: HomeRoute, handle: adList },
          { path: PAGE_PATHS.car, Component: CarDetailRoute },
          { path: PAGE_PATHS.search, ...searchPage, handle: adList },
          { path: PAGE_PATHS.searchTerm, ...searchPage, handle: adList },
          { path: PAGE_PATHS.userAds, ...userAdsPage, handle: adList },
          { path: PAGE_PATHS.browseCars, ...browsePage, handle: adList },
          { path: PAGE_PATHS.savedCars, ...savedPage },
          { path: PAGE_PATHS.newCar, ...newAdPage },
          { path: PAGE_PATHS.editCar, ...editAdPage },
          { path: PAGE_PATHS.profile, ...profilePage },
          { path: PAGE_PATHS.signup, ...signupPage },
          { path: PAGE_PATHS.forgotPassword, ...passwordReset },
          { path: PAGE_PATHS.resetPassword, ...passwordReset },
          { path: PAGE_PATHS.settings, ...route(() => import('./routes/settings.tsx')) },
          { path: PAGE_PATHS.feedback, ...feedbackPage },
          { path: PAGE_PATHS.newPart, ...newPartPage },
          { path: PAGE_PATHS.controlPanel, ...route(() => import('./routes/control-panel.tsx')) },
          { path: PAGE_PATHS.reports, ...reportsPage },
          { path: PAGE_PATHS.messages, ...inboxPage },
          { path: PAGE_PATHS.conversation, ...conversationPage },
          { path: PAGE_PATHS.priceMethod, ...priceMethodPage },
          { path: PAGE_PATHS.safety, ...safetyPage },
          { path: PAGE_PATHS.compare, ...comparePage },
          { path: PAGE_PATHS.watchUnsubscribe, ...unsubscribePage },
          { path: PAGE_PATHS.watches, ...watchesPage },
          { path: PAGE_PATHS.watch, ...watchPage },
          { path: PAGE_PATHS.myAds, ...myAdsPage },
          { path: PAGE_PATHS.adAnswer, ...adAnswerPage },
          { path: PAGE_PATHS.dealerApply, ...dealerApplyPage },
          { path: PAGE_PATHS.ownDealer, ...ownDealerPage },
          { path: PAGE_PATHS.dealerInvite, ...dealerInvitePage },
          { path: PAGE_PATHS.dealer, ...route(() => import('./routes/dealer.tsx')), handle: adList },
          { path: PAGE_PATHS.dealerImport, ...dealerImportPage },
          { path: PAGE_PATHS.notFound, ...notFoundPage },
          // Any other path: the server answers it with status 404 too (server/src/web-routes.ts).
          { path: '*', ...notFoundPage },
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
