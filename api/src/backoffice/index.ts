import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Outbox } from '../mail/outbox';
import type { OrdersStore } from '../orders/store';
import { createActivityLog } from './activity';
import { createOrderAdmin, type OrderRefunds } from './orders';
import { createStaffService } from './staff';

/** The back office's services, built once by the composition root (services.ts). */
export function createBackoffice(deps: {
  db: Db;
  config: Config;
  outbox: Outbox;
  ordersStore: OrdersStore;
  accountOrderUrl: (orderId: number) => string;
  refunds?: OrderRefunds;
}) {
  const activity = createActivityLog(deps.db);
  return {
    activity,
    staff: createStaffService({ db: deps.db, activity, adminUrl: deps.config.backoffice.adminUrl }),
    orderAdmin: createOrderAdmin({ ...deps, activity }),
  };
}

export type Backoffice = ReturnType<typeof createBackoffice>;
