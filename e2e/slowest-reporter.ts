import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Prints the tests that came nearest their timeout: a test over half of it is one busy machine
 * away from failing (the suite's aim: every test under half its timeout as CI runs it).
 */
export default class SlowestReporter implements Reporter {
  private readonly runs: { title: string; duration: number; timeout: number }[] = []

  onTestEnd(test: TestCase, result: TestResult) {
    const title = `[${test.parent.project()?.name}] ${test.location.file.split('/e2e/')[1]}:${test.location.line} ${test.title}`
    this.runs.push({ title, duration: result.duration, timeout: test.timeout })
  }

  onEnd() {
    const share = (run: { duration: number; timeout: number }) => run.duration / run.timeout
    const nearest = [...this.runs].sort((a, b) => share(b) - share(a)).slice(0, 5)
    console.log('\nNearest their timeout:')
    for (const run of nearest) {
      const percent = Math.round(share(run) * 100)
      console.log(
        `  ${percent}% ${(run.duration / 1000).toFixed(1)} s of ${run.timeout / 1000} s  ${run.title}`,
      )
    }
    const over = this.runs.filter((run) => share(run) > 0.5)
    console.log(
      over.length ? `${over.length} over half their timeout` : 'Every test under half its timeout',
    )
  }
}
