// Placeholder until the feature lands; replaced by the feature's page.
export default function NewCarRoute() {
  return <h1>new-car</h1>;
}
