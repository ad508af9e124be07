import { useNavigation } from 'react-router';

/** A bar at the top centre while a navigation (route loading, lazy views) is in progress. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="nav-progress" role="progressbar" aria-label="Loading page" />;
}
