// Placeholder until the feature lands; replaced by the feature's page.
export default function CarDetailRoute() {
  return <h1>car-detail</h1>;
}
