// Placeholder until the feature lands; replaced by the feature's page.
export default function NotFoundRoute() {
  return <h1>not-found</h1>;
}
