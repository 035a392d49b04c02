import { RemoteBoundary, Spinner } from '@shop/shared';
import { pageTitle } from '@shop/shared/shop';
import { useRouteTable } from '../routes';

/** Hands the region's boundary the failure, so it shows its message and Retry. */
function ListMissing({ remote }: { remote: string }) {
  const { reading } = useRouteTable();
  if (reading.includes(remote)) return <Spinner />;
  throw new Error(`The route list of the ${remote} remote could not be read`);
}

/**
 * What a path shows while some remotes' route lists could not be read (their hosts are down):
 * the page may be theirs, so each such remote's region says it could not be loaded, and its Retry
 * reads the list again; once read, the router shows the page.
 */
export function RoutesUnavailable({ remotes }: { remotes: string[] }) {
  const { reread } = useRouteTable();
  return (
    <>
      <title>{pageTitle()}</title>
      {remotes.map((remote) => (
        <RemoteBoundary key={remote} region={remote} onRetry={() => reread(remote)}>
          <ListMissing remote={remote} />
        </RemoteBoundary>
      ))}
    </>
  );
}
