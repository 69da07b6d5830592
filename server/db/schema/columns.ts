import { text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';

export const idColumn = () => text().primaryKey().$defaultFn(newId);

export const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
});
