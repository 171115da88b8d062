// Placeholder until the feature lands; replaced by the feature's page.
export default function SavedRoute() {
  return <h1>saved</h1>;
}
