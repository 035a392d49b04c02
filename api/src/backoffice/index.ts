import type { CatalogChanges } from '../catalog/changes';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Outbox } from '../mail/outbox';
import type { OrdersStore } from '../orders/store';
import type { CustomerService } from '../customer/service';
import type { CustomerStore } from '../customer/store';
import { createActivityLog } from './activity';
import { createCategoryAdmin } from './categories';
import { createContentAdmin } from './content';
import { createHeroImages, uploadsDirOf } from './hero-images';
import { createReviewAdmin } from './reviews';
import { createCustomerAdmin } from './customers';
import { createMessageInbox } from './messages';
import { createOrderAdmin, type OrderRefunds } from './orders';
import { createProductCsv } from './product-csv';
import { createProductAdmin } from './products';
import { createProductImages } from './product-images';
import { createProductStructure } from './product-structure';
import { createStaffService } from './staff';

/** The back office's services, built once by the composition root (services.ts). */
export function createBackoffice(deps: {
  db: Db;
  config: Config;
  outbox: Outbox;
  ordersStore: OrdersStore;
  accountOrderUrl: (orderId: number) => string;
  customerStore: CustomerStore;
  customerService: Pick<CustomerService, 'sendResetLink'>;
  refunds?: OrderRefunds;
  catalogChanges: CatalogChanges;
}) {
  const activity = createActivityLog(deps.db);
  const orderAdmin = createOrderAdmin({ ...deps, activity });
  return {
    activity,
    staff: createStaffService({ db: deps.db, activity, adminUrl: deps.config.backoffice.adminUrl }),
    orderAdmin,
    customerAdmin: createCustomerAdmin({ ...deps, activity, orderAdmin }),
    inbox: createMessageInbox({ db: deps.db, activity, outbox: deps.outbox }),
    productAdmin: createProductAdmin({ db: deps.db, activity, changes: deps.catalogChanges }),
    productCsv: createProductCsv({ db: deps.db, activity, changes: deps.catalogChanges }),
    contentAdmin: createContentAdmin({ db: deps.db, activity, changes: deps.catalogChanges }),
    categoryAdmin: createCategoryAdmin({ db: deps.db, activity, changes: deps.catalogChanges }),
    reviewAdmin: createReviewAdmin({ db: deps.db, activity, changes: deps.catalogChanges }),
    heroImages: createHeroImages(uploadsDirOf(deps.config.dataDir)),
    productImages: createProductImages(uploadsDirOf(deps.config.dataDir)),
    productStructure: createProductStructure({ db: deps.db, activity, changes: deps.catalogChanges }),
  };
}

export type Backoffice = ReturnType<typeof createBackoffice>;
