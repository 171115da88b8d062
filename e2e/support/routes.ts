// Every route of the specification, with the data a route needs filled in by the caller.

export interface RouteData {
  carId: number;
  seller: string;
}

export function allRoutes(d: RouteData, loggedIn: boolean): { name: string; path: string }[] {
  return [
    { name: 'home', path: '/' },
    { name: 'home with filters', path: '/?fuel=diesel&trans=manuell' },
    { name: 'car detail', path: `/car/${d.carId}` },
    { name: 'search', path: '/search' },
    { name: 'search term', path: '/search/volvo' },
    { name: 'user ads', path: `/user/${d.seller}` },
    { name: 'browse', path: '/browse/cars' },
    { name: 'saved', path: '/saved/cars' },
    // Logged out, /new/car redirects to /signup (checked in account.spec.ts).
    ...(loggedIn ? [{ name: 'new car', path: '/new/car' }] : []),
    { name: 'edit car', path: `/edit/car/${d.carId}` },
    { name: 'profile', path: '/profile' },
    // Logged in, /signup redirects to / (signup-page.test.tsx).
    ...(loggedIn ? [] : [{ name: 'signup', path: '/signup' }]),
    { name: 'settings', path: '/settings' },
    { name: 'feedback', path: '/feedback' },
    { name: 'new part', path: '/new/part' },
    { name: 'control panel', path: '/controlpanel' },
    { name: 'forgot password', path: '/forgot-password' },
    // Without a token in the fragment the page says the link is not valid.
    { name: 'reset password', path: '/reset-password' },
    // Dealer accounts (issue 45); a dealer's own page is checked in dealer-account.spec.ts.
    { name: 'become a dealer', path: '/bli-handlare' },
    { name: 'own dealer', path: '/mitt-foretag' },
    { name: 'dealer invitation', path: '/mitt-foretag/inbjudan#token=exempel' },
    { name: 'not found', path: '/notfound' },
    { name: 'unknown route', path: '/finns/inte' },
  ];
}
