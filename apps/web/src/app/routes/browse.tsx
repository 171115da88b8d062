// Placeholder until the feature lands; replaced by the feature's page.
export default function BrowseRoute() {
  return <h1>browse</h1>;
}
