/* dnum-eval: the run: the points of the source in blocks, evaluated (eval_block) on the
 * calling thread and the -j worker threads, and written in order. */
#include "dnum_eval.h"
#include <pthread.h>

/* The points of the source are cut into blocks; a ring of slots holds the blocks being
 * evaluated or waiting to be written. Every thread (the calling one and the -j workers
 * alike) runs the same loop: write the finished blocks that are next in order if no
 * other thread is writing, else take the next block from the source and evaluate and
 * format it, else wait. So no thread is a dedicated writer that would compete with the
 * evaluators for the cores, and a thread that finished early evaluates another block
 * instead of waiting for its turn. The reading of the source and the bookkeeping are
 * under one mutex; the evaluation and the writing are outside it (one writer at a time,
 * marked by `writing`). Memory: nslots blocks, whatever the number of points. */

struct pool {
    const struct job *job;
    struct source *src;
    struct slot *slots;
    unsigned nslots, block;
    unsigned long next_in, next_out; /* blocks taken from the source / written */
    unsigned long npts, bad;         /* points taken; points with a nan or inf */
    struct ovf_points over;          /* in output order */
    struct weak weak;                /* in output order */
    int eof, writing, threaded;
    pthread_mutex_t mu;
    pthread_cond_t cv;
};

static void pool_lock(struct pool *p)
{
    if (p->threaded) pthread_mutex_lock(&p->mu);
}

static void pool_unlock(struct pool *p)
{
    if (p->threaded) pthread_mutex_unlock(&p->mu);
}

/* The loop of every thread (see above); called with the lock held, returns with it held
 * when every block is written. */
static void pool_loop(struct pool *p, struct evaluator *ev)
{
    for (;;) {
        struct slot *w = &p->slots[p->next_out % p->nslots];
        if (!p->writing && p->next_out < p->next_in && w->state == SLOT_DONE) {
            unsigned long from = p->next_out, to = from;
            while (to < p->next_in && p->slots[to % p->nslots].state == SLOT_DONE) to++;
            p->writing = 1;
            pool_unlock(p);
            for (unsigned long b = from; b < to; b++) {
                struct slot *s = &p->slots[b % p->nslots];
                put(s->text, s->len);
                p->bad += s->bad;
                weak_add(&p->weak, &s->weak);
                if (s->over.n && p->over.n == 0) p->over = s->over;
                else p->over.n += s->over.n;
            }
            pool_lock(p);
            for (unsigned long b = from; b < to; b++) p->slots[b % p->nslots].state = SLOT_FREE;
            p->next_out = to;
            p->writing = 0;
            if (p->threaded) pthread_cond_broadcast(&p->cv);
            continue;
        }
        if (!p->eof && p->next_in - p->next_out < p->nslots) {
            struct slot *s = &p->slots[p->next_in % p->nslots];
            unsigned c = next_points(p->src, s->pts, p->block);
            if (c == 0) {
                p->eof = 1;
                if (p->threaded) pthread_cond_broadcast(&p->cv);
                continue;
            }
            s->first = p->npts;
            s->count = c;
            s->state = SLOT_BUSY;
            p->npts += c;
            p->next_in++;
            pool_unlock(p);
            eval_block(p->job, ev, s);
            pool_lock(p);
            s->state = SLOT_DONE;
            if (p->threaded) pthread_cond_broadcast(&p->cv);
            continue;
        }
        if (p->eof && p->next_out == p->next_in) return;
        pthread_cond_wait(&p->cv, &p->mu); /* only threaded: one thread never waits */
    }
}

/* A -j worker thread: its own evaluator (allocated on the thread, so its arrays do not
 * share cache lines with another thread's), then the loop. */
static void *worker_main(void *arg)
{
    struct pool *p = arg;
    struct evaluator ev;
    evaluator_init(&ev, p->job);
    pool_lock(p);
    pool_loop(p, &ev);
    pool_unlock(p);
    evaluator_free(&ev);
    return NULL;
}

/* Evaluates every point of src on `jobs` threads (this one and jobs - 1 workers) and
 * writes the rows in order. Returns the number of points, or exits (write error); *bad
 * counts points with a nan/inf; returns with src->bad set when a bad line stopped the
 * input. */
unsigned long run(const struct job *j, struct source *src, unsigned jobs, unsigned long *bad,
                         struct weak *weak, struct ovf_points *over)
{
    unsigned block = (unsigned)((1u << 18) / j->row_max);
    if (block < 1) block = 1;
    if (block > 2048) block = 2048;
    if (j->batch && block < BATCH_BLOCK_MIN) block = BATCH_BLOCK_MIN;
    struct pool p = {.job = j, .src = src, .block = block, .threaded = jobs > 1};
    p.nslots = jobs == 1 ? 1 : 2 * jobs;
    p.slots = xmalloc(p.nslots * sizeof *p.slots);
    for (unsigned i = 0; i < p.nslots; i++) {
        p.slots[i].state = SLOT_FREE;
        p.slots[i].pts = xmalloc_line((size_t)block * j->nvars * sizeof(double));
        p.slots[i].text = xmalloc_line((size_t)block * j->row_max);
    }
    pthread_t *tids = NULL;
    if (p.threaded) {
        pthread_mutex_init(&p.mu, NULL);
        pthread_cond_init(&p.cv, NULL);
        tids = xmalloc((jobs - 1) * sizeof *tids);
        for (unsigned i = 0; i + 1 < jobs; i++)
            if (pthread_create(&tids[i], NULL, worker_main, &p)) die(1, "cannot start a thread");
    }
    struct evaluator ev;
    evaluator_init(&ev, j);
    pool_lock(&p);
    pool_loop(&p, &ev);
    pool_unlock(&p);
    evaluator_free(&ev);
    if (p.threaded) {
        for (unsigned i = 0; i + 1 < jobs; i++) pthread_join(tids[i], NULL);
        free(tids);
        pthread_mutex_destroy(&p.mu);
        pthread_cond_destroy(&p.cv);
    }
    for (unsigned i = 0; i < p.nslots; i++) {
        xfree_line(p.slots[i].pts);
        xfree_line(p.slots[i].text);
    }
    free(p.slots);
    *bad = p.bad;
    *weak = p.weak;
    *over = p.over;
    return p.npts;
}
