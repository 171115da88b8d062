// Placeholder until the feature lands; replaced by the feature's page.
export default function SearchRoute() {
  return <h1>search</h1>;
}
