-- Push-notification device tokens were never read or written: no route, service or job uses the table.
DROP TABLE IF EXISTS "account_devices";
