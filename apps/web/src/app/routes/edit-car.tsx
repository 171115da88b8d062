// Placeholder until the feature lands; replaced by the feature's page.
export default function EditCarRoute() {
  return <h1>edit-car</h1>;
}
