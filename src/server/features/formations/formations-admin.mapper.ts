import { ADDRESS_OPTIONS, PACKAGE_IDS } from '../../../shared/catalogue/packages';
import type { AdminTimelineItem } from '../../../shared/features/dashboard/timeline.contracts';
import type {
  AdminFormation,
  FormationCustomerFile,
} from '../../../shared/features/formations/formations-admin.contracts';
import { toDocument } from '../documents';
import { toAdminOrderView } from '../payments';
import type { CustomerFile } from './customer-file.service';
import type { AdminFormationRow } from './formations-admin.service';

/** The formations rows and the customer file as the API answers them (contracts/formations-admin.ts). */

export function toAdminFormation(row: AdminFormationRow): AdminFormation {
  return {
    id: row.id,
    userId: row.userId,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    businessName: row.businessName,
    stateSelected: row.stateSelected,
    formationStatus: row.formationStatus,
    paymentStatus: row.paymentStatus,
    preference: row.preference,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    formedOn: row.formedOn,
    stateFileNumber: row.stateFileNumber,
    einApplication: row.einId && row.einStatus ? { id: row.einId, einStatus: row.einStatus } : null,
    purchase: purchaseOf(row.purchasedPackage, row.purchasedAddress, row.purchasedTestMode),
    orderFlag: row.orderFlag,
  };
}

/** The package and address of the order that bought the turnkey request (decision 0032). */
function purchaseOf(packageId: string | null, addressOption: string | null, testMode: boolean | null) {
  const pkg = PACKAGE_IDS.find((id) => id === packageId);
  const address = ADDRESS_OPTIONS.find((id) => id === addressOption);
  return pkg && address ? { packageId: pkg, addressOption: address, testMode: testMode === true } : null;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An audit row's before/after as field-by-field changes (fields only in `after` come from null). */
export function changesOf(before: unknown, after: unknown) {
  const b = asRecord(before);
  const a = asRecord(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({ field, from: asText(b[field]), to: asText(a[field]) }));
}

function toTimelineEntry(item: AdminTimelineItem) {
  return {
    id: item.id,
    action: item.action,
    entityType: item.entityType,
    entityId: item.entityId,
    actor: item.actor ?? { id: null, role: null, name: null, email: null },
    changes: changesOf(item.before, item.after),
    at: item.at,
  };
}

export function toCustomerFile(f: CustomerFile): FormationCustomerFile {
  const { formation, user, profile, turnkey, ein } = f;
  const bought = turnkey?.paidOrderId ? f.orders.find((o) => o.id === turnkey.paidOrderId) : undefined;
  return {
    profile: {
      userId: user.id,
      name: user.name,
      displayName: profile?.displayName || null,
      email: user.email,
      lang: user.lang,
      role: user.role,
      utmSource: profile?.utmSource ?? null,
      utmMedium: profile?.utmMedium ?? null,
      utmCampaign: profile?.utmCampaign ?? null,
      shortLinkSlug: profile?.shortLinkSlug ?? null,
      signedUpAt: user.createdAt.toISOString(),
    },
    formation: {
      id: formation.id,
      preference: formation.companyFormationPreference,
      phoneNumber: formation.phoneNumber,
      businessMotivation: formation.businessMotivation,
      businessAddressPreference: formation.businessAddressPreference,
      formationStatus: formation.formationStatus,
      paymentStatus: formation.paymentStatus,
      businessName: formation.businessName,
      stateSelected: formation.stateSelected,
      createdAt: formation.createdAt.toISOString(),
      updatedAt: formation.updatedAt.toISOString(),
      formedOn: formation.formedOn,
      stateFileNumber: formation.stateFileNumber,
    },
    turnkeyRequest: turnkey
      ? {
          id: turnkey.id,
          // Bought: the paid order's package and address, whatever the draft row says.
          packageSelected: bought ? bought.packageId : turnkey.packageSelected,
          stateType: turnkey.stateType,
          stateSelected: turnkey.stateSelected,
          businessAddress: bought ? bought.addressOption : turnkey.businessAddress,
          paidOrderId: bought?.id ?? null,
          documentsReady: turnkey.documentsReady,
          paymentStatus: turnkey.paymentStatus,
          createdAt: turnkey.createdAt.toISOString(),
          updatedAt: turnkey.updatedAt.toISOString(),
        }
      : null,
    einApplication: ein
      ? {
          id: ein.id,
          status: ein.status,
          einStatus: ein.einStatus,
          businessName: ein.businessName,
          ein: ein.ein,
          createdAt: ein.createdAt.toISOString(),
          updatedAt: ein.updatedAt.toISOString(),
        }
      : null,
    documents: f.docs.map(toDocument),
    orders: f.orders.map(toAdminOrderView),
    supportThreads: f.threads.map((thread) => ({
      id: thread.id,
      subject: thread.subject,
      status: thread.status,
      lastMessageAt: thread.lastMessageAt.toISOString(),
      createdAt: thread.createdAt.toISOString(),
    })),
    timeline: f.timeline.map(toTimelineEntry),
  };
}
