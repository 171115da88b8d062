// Placeholder until the feature lands; replaced by the feature's page.
export default function HomeRoute() {
  return <h1>home</h1>;
}
