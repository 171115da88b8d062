// Placeholder until the feature lands; replaced by the feature's page.
export default function UserAdsRoute() {
  return <h1>user-ads</h1>;
}
