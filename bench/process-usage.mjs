// `node --import ./bench/process-usage.mjs …`: at exit, the process reports its own peak resident
// memory and CPU time on stderr as one JSON line, so a bench can measure a whole CLI run (start-up
// included) without platform tools such as /usr/bin/time.
import { writeSync } from 'node:fs'

process.on('exit', () => {
  const usage = process.resourceUsage()
  const line = JSON.stringify({
    processUsage: {
      peakRssBytes: usage.maxRSS * 1024,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    },
  })
  writeSync(2, `${line}\n`)
})
