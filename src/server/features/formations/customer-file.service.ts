import { desc, eq } from 'drizzle-orm';
import { isUuid } from '../../../shared/domain/ids';
import type { Role } from '../../../shared/domain/roles';
import type { Db } from '../../db/client';
import {
  companyFormations,
  documents,
  einApplications,
  formationServiceRequests,
  supportThreads,
  userProfiles,
  users,
} from '../../db/schema';
import { listUserOrders } from '../payments';
import { listCustomerTimeline } from '../timeline';

/*
 * The customer file behind one formation (product.md#admin-pages Admin formations, "View Details"): one reader per
 * part, each reading one table by the customer's id, run side by side once the formation has named
 * the customer. A new part is a new reader and a line in loadCustomerFile.
 */

function readFormation(db: Db, formationId: string) {
  return db
    .select()
    .from(companyFormations)
    .where(eq(companyFormations.id, formationId))
    .limit(1)
    .then(([row]) => row ?? null);
}

function readAccount(db: Db, userId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      lang: users.lang,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then(([row]) => row ?? null);
}

function readProfile(db: Db, userId: string) {
  return db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
    .limit(1)
    .then(([row]) => row ?? null);
}

function readTurnkeyRequest(db: Db, userId: string) {
  return db
    .select()
    .from(formationServiceRequests)
    .where(eq(formationServiceRequests.userId, userId))
    .limit(1)
    .then(([row]) => row ?? null);
}

function readEinApplication(db: Db, userId: string) {
  return db
    .select({
      id: einApplications.id,
      status: einApplications.status,
      einStatus: einApplications.einStatus,
      businessName: einApplications.businessName,
      ein: einApplications.ein,
      createdAt: einApplications.createdAt,
      updatedAt: einApplications.updatedAt,
    })
    .from(einApplications)
    .where(eq(einApplications.userId, userId))
    .limit(1)
    .then(([row]) => row ?? null);
}

function readDocuments(db: Db, userId: string) {
  return db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

function readSupportThreads(db: Db, userId: string) {
  return db
    .select({
      id: supportThreads.id,
      subject: supportThreads.subject,
      status: supportThreads.status,
      lastMessageAt: supportThreads.lastMessageAt,
      createdAt: supportThreads.createdAt,
    })
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId))
    .orderBy(desc(supportThreads.lastMessageAt), desc(supportThreads.id));
}

/**
 * Every audit row about the customer, newest first, with who made each (the timeline feature's own
 * query), each cut to what `reader`'s desk may read.
 */
function readTimeline(db: Db, userId: string, reader: Role) {
  return listCustomerTimeline(db, userId, { forAdmin: true, reader }).then((page) => page.items);
}

/**
 * Everything about the customer behind one formation, as `reader` may see it; null when there is no
 * such formation or customer.
 */
export async function loadCustomerFile(db: Db, formationId: string, reader: Role) {
  if (!isUuid(formationId)) return null;
  const formation = await readFormation(db, formationId);
  if (!formation) return null;
  const userId = formation.userId;
  const [user, profile, turnkey, ein, docs, orders, threads, timeline] = await Promise.all([
    readAccount(db, userId),
    readProfile(db, userId),
    readTurnkeyRequest(db, userId),
    readEinApplication(db, userId),
    readDocuments(db, userId),
    listUserOrders(db, userId),
    readSupportThreads(db, userId),
    readTimeline(db, userId, reader),
  ]);
  if (!user) return null;
  return { formation, user, profile, turnkey, ein, docs, orders, threads, timeline };
}

export type CustomerFile = NonNullable<Awaited<ReturnType<typeof loadCustomerFile>>>;
