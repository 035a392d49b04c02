import { Link } from 'react-router-dom';
import { dashboardAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { pence } from '../../money';
import { useSession } from '../../session';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import styles from './DashboardPage.module.css';

/** Today's orders and revenue, the last 30 days as a chart, and orders waiting to ship. */
export function DashboardPage() {
  const { may } = useSession();
  const { data, error } = useLoad(() => call(dashboardAnswerSchema, 'GET', '/dashboard'), []);
  const max = Math.max(1, ...(data?.last30.map((d) => d.revenue_pence) ?? [1]));
  const monthOrders = data?.last30.reduce((n, d) => n + d.orders, 0) ?? 0;
  const monthRevenue = data?.last30.reduce((n, d) => n + d.revenue_pence, 0) ?? 0;
  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Dashboard</h1>
      {error && <p className={ui.error} role="alert">{error}</p>}
      {data && (
        <>
          <div className={ui.grid2}>
            <section className={ui.card}>
              <h2 className={ui.subheading}>Today</h2>
              <p className={styles.figure}>{data.today.orders} {data.today.orders === 1 ? 'order' : 'orders'}</p>
              <p>{pence(data.today.revenue_pence)} inc VAT</p>
            </section>
            <section className={ui.card}>
              <h2 className={ui.subheading}>Waiting to ship</h2>
              <p className={styles.figure}>{data.waitingToShip}</p>
              {may('orders') && <Link to="/orders?status=processing">See them</Link>}
            </section>
          </div>
          <section className={ui.card}>
            <h2 className={ui.subheading}>Last 30 days</h2>
            <svg className={styles.chart} viewBox="0 0 300 110" role="img" aria-label="Revenue per day over the last 30 days">
              {data.last30.map((d, i) => {
                const h = Math.round((d.revenue_pence / max) * 100);
                return (
                  <rect key={d.date} x={i * 10 + 1} y={105 - h} width={8} height={Math.max(h, 1)} className={styles.bar}>
                    <title>{`${d.date}: ${d.orders} orders, ${pence(d.revenue_pence)}`}</title>
                  </rect>
                );
              })}
            </svg>
            <p className={ui.muted}>
              {data.last30[0]?.date} to {data.last30[29]?.date}: {monthOrders} paid {monthOrders === 1 ? 'order' : 'orders'}, {pence(monthRevenue)} inc VAT
            </p>
          </section>
        </>
      )}
    </div>
  );
}
