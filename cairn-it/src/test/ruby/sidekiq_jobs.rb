# Sidekiq jobs on the server at $REDIS_URL. The worker loads this file:
#   sidekiq -r ./sidekiq_jobs.rb -c 5
# and the producer runs it:
#   ruby sidekiq_jobs.rb N   pushes N jobs in bulk, one scheduled a second ahead and one that
#                            fails once and is retried, waits for all of them, checks their
#                            results; prints "RESULT {json}" (exit 0) or "FAILED reason" (exit 1)
require 'json'
require 'sidekiq'
require 'sidekiq/api'

RESULTS = 'sidekiq-check:results'
ATTEMPTS = 'sidekiq-check:attempts'

# The scheduler (scheduled jobs and retries) polls once a second instead of every 5+ seconds.
Sidekiq.options[:poll_interval_average] = 1

class SquareJob
  include Sidekiq::Worker

  def perform(n)
    Sidekiq.redis { |r| r.hset(RESULTS, n.to_s, (n * n).to_s) }
  end
end

class FlakyJob
  include Sidekiq::Worker
  sidekiq_options retry: 2
  sidekiq_retry_in { |_count, _exception| 1 }

  def perform(n)
    attempt = Sidekiq.redis { |r| r.incr(ATTEMPTS) }
    raise 'first attempt fails on purpose' if attempt == 1

    Sidekiq.redis { |r| r.hset(RESULTS, n.to_s, 'retried') }
  end
end

def produce(n)
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  Sidekiq.redis { |r| r.del(RESULTS, ATTEMPTS) }
  Sidekiq::Client.push_bulk('class' => SquareJob, 'args' => (0...n).map { |i| [i] })
  SquareJob.perform_in(1, n)
  FlakyJob.perform_async(n + 1)
  deadline = started + 40
  results = {}
  loop do
    results = Sidekiq.redis { |r| r.hgetall(RESULTS) }
    break if results.size == n + 2
    raise "timed out with #{results.size} of #{n + 2} results" if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline

    sleep 0.05
  end
  (0..n).each do |i|
    raise "job #{i} left #{results[i.to_s].inspect}" unless results[i.to_s] == (i * i).to_s
  end
  raise "flaky job left #{results[(n + 1).to_s].inspect}" unless results[(n + 1).to_s] == 'retried'

  stats = Sidekiq::Stats.new
  {
    jobs: n + 2, attempts: Sidekiq.redis { |r| r.get(ATTEMPTS).to_i },
    retries: Sidekiq::RetrySet.new.size, dead: Sidekiq::DeadSet.new.size, scheduled: Sidekiq::ScheduledSet.new.size,
    enqueued: stats.enqueued, processes: Sidekiq::ProcessSet.new.size,
    seconds: (Process.clock_gettime(Process::CLOCK_MONOTONIC) - started).round(3)
  }
end

if $PROGRAM_NAME == __FILE__
  begin
    puts "RESULT #{JSON.generate(produce(Integer(ARGV[0])))}"
  rescue StandardError => e
    puts "FAILED #{e.class}: #{e.message}"
    exit 1
  end
end
