#!/usr/bin/env node
// A dependency-free logging hook for the recorder: appends {event, payload} to $GOALPOST_RECORD_LOG.
// It answers nothing, so goalpost's own hook decides.
import { appendFileSync, readFileSync } from "node:fs";

const event = process.argv[2];
let payload = null;
try {
  payload = JSON.parse(readFileSync(0, "utf8"));
} catch {}
if (process.env.GOALPOST_RECORD_LOG) appendFileSync(process.env.GOALPOST_RECORD_LOG, `${JSON.stringify({ event, payload })}\n`);
