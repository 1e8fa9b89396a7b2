import { SubscriptionsScreen } from './SubscriptionsScreen';

/** An organisation admin's licences: the server scopes them to the viewer's own organisation. */
export default function SubscriptionDetailsView() {
  return <SubscriptionsScreen />;
}
