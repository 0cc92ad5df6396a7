/**
 * How many migrations there are (./index lists them): an up-to-date store is recognised by its `user_version`
 * alone, without loading the migrations. A test keeps this equal to the list.
 */
export const MIGRATION_COUNT = 18
