/**
 * Every event one feature publishes for others, by name, with its payload. An event is published after the
 * transaction that made it true has committed; handlers declare themselves with `@OnAppEvent(name)`, so a
 * search for the name finds the publisher and every handler.
 */
export interface AppEvents {
  /** A user signed in from a device (user agent family and address) not seen on the account before. */
  'user.newDevice': { userId: string; device: string; ip: string; at: string };
  /** Money moved on the user's own accounts outside trading (deposit, withdrawal, Yu'e Bao transfer). */
  'account.changed': { userId: string };
}

export type AppEventName = keyof AppEvents;
