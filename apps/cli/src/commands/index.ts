// Every `goalpost` command, in the order `goalpost --help` lists them. Loaded only once a command is
// asked for: `goalpost --version` needs none of them (nor @goalpost/core, nor any adapter).
import type { Command } from "../command.js";
import { completionCommand } from "./completion.js";
import { demo } from "./demo.js";
import { doctor } from "./doctor.js";
import { install, uninstall } from "./install.js";
import { list } from "./list.js";
import { prune } from "./prune.js";
import { report } from "./report.js";
import { show } from "./show.js";
import { status } from "./status.js";
import { disable, enable } from "./switch.js";
import { watch } from "./watch.js";

export const COMMANDS: readonly Command[] = [
  status,
  watch,
  list,
  show,
  report,
  install,
  uninstall,
  doctor,
  disable,
  enable,
  prune,
  demo,
  completionCommand(() => COMMANDS),
];
