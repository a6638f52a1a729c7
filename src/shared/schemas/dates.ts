import { z } from 'zod';

/*
 * The two kinds of date where they cross the API (decision 0076). A contract says which one a field is,
 * so a calendar date sent as a date-time (or the other way round) fails the contract's schema instead of
 * reaching a page that would format it in the wrong zone. The API tests parse the responses with the
 * contracts (src/server/**\/contract-dates.test.ts).
 */

/** A day on the calendar, 'YYYY-MM-DD' (a due date, a period end, an answer date). A real day: no Feb 30. */
export const calendarDate = () => z.iso.date({ error: 'validation.invalid' });

/** A moment, an ISO 8601 date-time with its zone ('2026-11-28T03:15:00.000Z'); never a bare date. */
export const instant = () => z.iso.datetime({ offset: true, error: 'validation.invalid' });

/** A calendar month, 'YYYY-MM' (the staff home's monthly figures). */
export const calendarMonth = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid' });
